// ROUND_ROBIN: targets[abs(counter++) % size] with one atomic counter per instance.
#include <atomic>
#include <cstdint>
#include <cstdlib>

#include "algorithm/loadbalance/load_balancers.h"

namespace sqlroute::loadbalance {

namespace {

class RoundRobinLoadBalancer final : public LoadBalancer {
 public:
  std::string Choose(const std::string&, const std::vector<std::string>& read_data_sources) const override {
    // Java's int counter wraps to negative values; abs() of them (in 64 bits, so that
    // Integer.MIN_VALUE stays positive) keeps the sequence even across the wrap.
    auto counter = static_cast<int32_t>(counter_.fetch_add(1, std::memory_order_relaxed));
    auto index = std::llabs(static_cast<long long>(counter)) % static_cast<long long>(read_data_sources.size());
    return read_data_sources[static_cast<std::size_t>(index)];
  }

 private:
  mutable std::atomic<uint32_t> counter_{0};
};

}  // namespace

std::shared_ptr<const LoadBalancer> CreateRoundRobinLoadBalancer(const Props&, const std::string&) {
  return std::make_shared<RoundRobinLoadBalancer>();
}

}  // namespace sqlroute::loadbalance
