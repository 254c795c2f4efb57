// RANDOM: a uniformly random read data source per call.
#include "algorithm/loadbalance/load_balancers.h"
#include "algorithm/loadbalance/random_source.h"

namespace sqlroute::loadbalance {

namespace {

class RandomLoadBalancer final : public LoadBalancer {
 public:
  explicit RandomLoadBalancer(std::unique_ptr<RandomSource> random) : random_(std::move(random)) {}
  std::string Choose(const std::string&, const std::vector<std::string>& read_data_sources) const override {
    return read_data_sources[random_->NextIndex(read_data_sources.size())];
  }

 private:
  std::unique_ptr<RandomSource> random_;
};

}  // namespace

std::shared_ptr<const LoadBalancer> CreateRandomLoadBalancer(const Props& props, const std::string& path) {
  return std::make_shared<RandomLoadBalancer>(RandomSource::FromProps(props, path));
}

}  // namespace sqlroute::loadbalance
