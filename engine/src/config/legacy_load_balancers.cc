#include "config/legacy_load_balancers.h"

#include "algorithm/loadbalance/legacy_load_balancer.h"

namespace sqlroute::config {

void NormalizeLegacyLoadBalancers(RuleConfig& config) {
  if (!config.readwrite_splitting) return;
  auto& rule = *config.readwrite_splitting;
  for (auto& balancer : rule.load_balancers) {
    auto mapping = loadbalance::MapLegacyLoadBalancer(balancer.value.type);
    if (!mapping) continue;
    balancer.value.type = mapping->base_type;
    for (auto& group : rule.groups) {
      if (group.value.load_balancer_name == balancer.name && group.value.transactional_read_query_strategy.empty()) {
        group.value.transactional_read_query_strategy = mapping->transactional_strategy;
      }
    }
  }
}

}  // namespace sqlroute::config
