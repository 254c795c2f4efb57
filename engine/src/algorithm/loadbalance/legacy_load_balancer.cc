#include "algorithm/loadbalance/legacy_load_balancer.h"

#include <algorithm>
#include <cctype>
#include <map>

namespace sqlroute::loadbalance {

namespace {

const std::map<std::string, LegacyLoadBalancer>& LegacyTable() {
  // Never destroyed: other threads may still read it while exit() runs.
  static const auto& table = *new const std::map<std::string, LegacyLoadBalancer>{
      {"FIXED_REPLICA_RANDOM", {"RANDOM", "FIXED"}},
      {"FIXED_REPLICA_ROUND_ROBIN", {"ROUND_ROBIN", "FIXED"}},
      {"FIXED_REPLICA_WEIGHT", {"WEIGHT", "FIXED"}},
      {"TRANSACTION_RANDOM", {"RANDOM", "DYNAMIC"}},
      {"TRANSACTION_ROUND_ROBIN", {"ROUND_ROBIN", "DYNAMIC"}},
      {"TRANSACTION_WEIGHT", {"WEIGHT", "DYNAMIC"}},
      {"FIXED_PRIMARY", {"ROUND_ROBIN", "PRIMARY"}},
  };
  return table;
}

}  // namespace

std::optional<LegacyLoadBalancer> MapLegacyLoadBalancer(const std::string& type) {
  std::string upper(type);
  std::transform(upper.begin(), upper.end(), upper.begin(), [](unsigned char c) { return static_cast<char>(std::toupper(c)); });
  auto found = LegacyTable().find(upper);
  if (found == LegacyTable().end()) return std::nullopt;
  return found->second;
}

const std::vector<std::string>& LegacyLoadBalancerNames() {
  // Never destroyed: other threads may still read it while exit() runs.
  static const auto& names = *new const std::vector<std::string>([] {
    std::vector<std::string> result;
    for (const auto& each : LegacyTable()) result.push_back(each.first);
    return result;
  }());
  return names;
}

}  // namespace sqlroute::loadbalance
