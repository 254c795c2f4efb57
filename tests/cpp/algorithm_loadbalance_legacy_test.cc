// The ShardingSphere 5.2 load balancer names (FIXED_REPLICA_*, TRANSACTION_*, FIXED_PRIMARY):
// registered, choosing like their base algorithm, and mapped to {base type, transactional strategy}
// for the router.
#include <gtest/gtest.h>

#include "algorithm/loadbalance/legacy_load_balancer.h"
#include "sqlroute/algorithm.h"

namespace sqlroute {
namespace {

using loadbalance::MapLegacyLoadBalancer;

TEST(LegacyLoadBalancer, Mapping) {
  const std::vector<std::tuple<std::string, std::string, std::string>> expected = {
      {"FIXED_REPLICA_RANDOM", "RANDOM", "FIXED"},       {"FIXED_REPLICA_ROUND_ROBIN", "ROUND_ROBIN", "FIXED"},
      {"FIXED_REPLICA_WEIGHT", "WEIGHT", "FIXED"},       {"TRANSACTION_RANDOM", "RANDOM", "DYNAMIC"},
      {"TRANSACTION_ROUND_ROBIN", "ROUND_ROBIN", "DYNAMIC"}, {"TRANSACTION_WEIGHT", "WEIGHT", "DYNAMIC"},
      {"fixed_primary", "ROUND_ROBIN", "PRIMARY"}};
  for (const auto& [name, base, strategy] : expected) {
    auto mapped = MapLegacyLoadBalancer(name);
    ASSERT_TRUE(mapped.has_value()) << name;
    EXPECT_EQ(mapped->base_type, base) << name;
    EXPECT_EQ(mapped->transactional_strategy, strategy) << name;
  }
  EXPECT_FALSE(MapLegacyLoadBalancer("ROUND_ROBIN").has_value());
  EXPECT_EQ(loadbalance::LegacyLoadBalancerNames().size(), 7u);
}

TEST(LegacyLoadBalancer, RegisteredAndChooseLikeTheirBase) {
  auto& registry = AlgorithmRegistry::Global();
  const std::vector<std::string> targets = {"r0", "r1"};
  for (const char* type : {"FIXED_REPLICA_ROUND_ROBIN", "TRANSACTION_ROUND_ROBIN", "FIXED_PRIMARY"}) {
    auto balancer = registry.CreateLoadBalancer(type, {}, "lb");
    EXPECT_EQ(balancer->Choose("g", targets), "r0") << type;
    EXPECT_EQ(balancer->Choose("g", targets), "r1") << type;
  }
  for (const char* type : {"FIXED_REPLICA_WEIGHT", "TRANSACTION_WEIGHT"}) {
    auto balancer = registry.CreateLoadBalancer(type, {{"r0", "0"}, {"r1", "1"}}, "lb");
    EXPECT_EQ(balancer->Choose("g", targets), "r1") << type;
  }
  for (const char* type : {"FIXED_REPLICA_RANDOM", "TRANSACTION_RANDOM"}) {
    auto first = registry.CreateLoadBalancer(type, {{"seed", "5"}}, "lb");
    auto base = registry.CreateLoadBalancer("RANDOM", {{"seed", "5"}}, "lb");
    for (int i = 0; i < 20; ++i) EXPECT_EQ(first->Choose("g", targets), base->Choose("g", targets)) << type;
  }
}

}  // namespace
}  // namespace sqlroute
