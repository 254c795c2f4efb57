#include "algorithm/builtins.h"
#include "algorithm/loadbalance/legacy_load_balancer.h"
#include "algorithm/loadbalance/load_balancers.h"

namespace sqlroute {

void RegisterLoadBalancers(AlgorithmRegistry& registry) {
  using namespace loadbalance;
  const std::vector<std::pair<std::string, LoadBalancerFactory>> base = {
      {"ROUND_ROBIN", CreateRoundRobinLoadBalancer},
      {"RANDOM", CreateRandomLoadBalancer},
      {"WEIGHT", CreateWeightLoadBalancer},
  };
  for (const auto& [type, factory] : base) registry.RegisterLoadBalancer(type, factory);
  // Legacy 5.2 names choose like their base; the router applies their transactional strategy.
  for (const auto& legacy : LegacyLoadBalancerNames()) {
    std::string base_type = MapLegacyLoadBalancer(legacy)->base_type;
    for (const auto& [type, factory] : base) {
      if (type == base_type) registry.RegisterLoadBalancer(legacy, factory);
    }
  }
}

}  // namespace sqlroute
