#include "config/legacy_load_balancers.h"

#include <algorithm>
#include <cctype>

namespace sqlroute::config {

namespace {

struct Mapping {
  std::string strategy;
  std::string type;
};

std::optional<Mapping> MapLegacyType(const std::string& type) {
  std::string upper(type);
  std::transform(upper.begin(), upper.end(), upper.begin(), [](unsigned char c) { return std::toupper(c); });
  const std::string fixed_replica = "FIXED_REPLICA_";
  const std::string transaction = "TRANSACTION_";
  if (upper == "FIXED_PRIMARY") return Mapping{"PRIMARY", "ROUND_ROBIN"};
  if (upper.rfind(fixed_replica, 0) == 0) return Mapping{"FIXED", upper.substr(fixed_replica.size())};
  if (upper.rfind(transaction, 0) == 0) return Mapping{"DYNAMIC", upper.substr(transaction.size())};
  return std::nullopt;
}

}  // namespace

void NormalizeLegacyLoadBalancers(RuleConfig& config) {
  if (!config.readwrite_splitting) return;
  auto& rule = *config.readwrite_splitting;
  for (auto& balancer : rule.load_balancers) {
    auto mapping = MapLegacyType(balancer.value.type);
    if (!mapping) continue;
    balancer.value.type = mapping->type;
    for (auto& group : rule.groups) {
      if (group.value.load_balancer_name == balancer.name && group.value.transactional_read_query_strategy.empty()) {
        group.value.transactional_read_query_strategy = mapping->strategy;
      }
    }
  }
}

}  // namespace sqlroute::config
