// ROUND_ROBIN, RANDOM and WEIGHT (ShardingSphere's *LoadBalanceAlgorithm): distribution, seeds,
// validation, threads.
#include <gtest/gtest.h>

#include <map>
#include <thread>

#include "sqlroute/algorithm.h"
#include "sqlroute/error.h"

namespace sqlroute {
namespace {

const std::vector<std::string> kReplicas = {"read_ds_0", "read_ds_1", "read_ds_2"};

std::shared_ptr<const LoadBalancer> Balancer(const std::string& type, const Props& props = {}) {
  return AlgorithmRegistry::Global().CreateLoadBalancer(type, props, "rules.readwrite.loadBalancers.lb");
}

std::map<std::string, int> Count(const LoadBalancer& balancer, const std::vector<std::string>& targets, int reads) {
  std::map<std::string, int> counts;
  for (int i = 0; i < reads; ++i) ++counts[balancer.Choose("group", targets)];
  return counts;
}

TEST(LoadBalancer, RoundRobinCyclesInOrder) {
  auto balancer = Balancer("ROUND_ROBIN");
  std::vector<std::string> chosen;
  for (int i = 0; i < 6; ++i) chosen.push_back(balancer->Choose("group", kReplicas));
  EXPECT_EQ(chosen, (std::vector<std::string>{"read_ds_0", "read_ds_1", "read_ds_2", "read_ds_0", "read_ds_1", "read_ds_2"}));
}

TEST(LoadBalancer, RoundRobinCounterIsPerInstance) {
  auto first = Balancer("round_robin");
  auto second = Balancer("ROUND_ROBIN");
  EXPECT_EQ(first->Choose("group", kReplicas), "read_ds_0");
  EXPECT_EQ(first->Choose("group", kReplicas), "read_ds_1");
  EXPECT_EQ(second->Choose("group", kReplicas), "read_ds_0");
}

TEST(LoadBalancer, RoundRobinIsExactlyEvenAcrossThreads) {
  auto balancer = Balancer("ROUND_ROBIN");
  const std::vector<std::string> targets = {"a", "b", "c", "d"};
  std::vector<std::map<std::string, int>> per_thread(4);
  std::vector<std::thread> threads;
  for (auto& counts : per_thread) {
    threads.emplace_back([&] { counts = Count(*balancer, targets, 25000); });
  }
  for (auto& thread : threads) thread.join();
  std::map<std::string, int> total;
  for (const auto& counts : per_thread) {
    for (const auto& [target, count] : counts) total[target] += count;
  }
  for (const auto& target : targets) EXPECT_EQ(total[target], 25000) << target;
}

TEST(LoadBalancer, RandomWithSeedIsReproducible) {
  auto first = Balancer("RANDOM", {{"seed", "42"}});
  auto second = Balancer("RANDOM", {{"seed", "42"}});
  for (int i = 0; i < 100; ++i) EXPECT_EQ(first->Choose("group", kReplicas), second->Choose("group", kReplicas));
}

TEST(LoadBalancer, RandomIsWithinStatisticalBounds) {
  // 100,000 reads over 3 targets: each count is ~33,333 with a standard deviation of ~149;
  // 6 sigma is ~900.
  for (const Props& props : {Props{}, Props{{"seed", "7"}}}) {
    auto counts = Count(*Balancer("RANDOM", props), kReplicas, 100000);
    for (const auto& target : kReplicas) EXPECT_NEAR(counts[target], 100000 / 3.0, 900) << target;
  }
}

TEST(LoadBalancer, WeightFollowsTheWeightsWithinOnePercent) {
  auto balancer = Balancer("WEIGHT", {{"read_ds_0", "1"}, {"read_ds_1", "2"}, {"read_ds_2", "7"}, {"seed", "1"}});
  auto counts = Count(*balancer, kReplicas, 100000);
  EXPECT_NEAR(counts["read_ds_0"], 10000, 1000);
  EXPECT_NEAR(counts["read_ds_1"], 20000, 1000);
  EXPECT_NEAR(counts["read_ds_2"], 70000, 1000);
}

TEST(LoadBalancer, WeightZeroIsNeverChosenAndSpecialValuesAreNormalised) {
  auto zero = Balancer("WEIGHT", {{"read_ds_0", "0"}, {"read_ds_1", "1.5"}, {"read_ds_2", "-3"}});
  EXPECT_EQ(Count(*zero, kReplicas, 1000)["read_ds_1"], 1000);
  // Infinity counts 10000 against NaN's 1.0: the NaN target gets ~0.01 %.
  auto special = Balancer("WEIGHT", {{"read_ds_0", "Infinity"}, {"read_ds_1", "NaN"}, {"seed", "3"}});
  auto counts = Count(*special, {"read_ds_0", "read_ds_1"}, 10000);
  EXPECT_GE(counts["read_ds_0"], 9990);
}

TEST(LoadBalancer, WeightOnlyNeedsTheAvailableTargets) {
  auto balancer = Balancer("WEIGHT", {{"read_ds_0", "1"}, {"read_ds_1", "1"}, {"read_ds_2", "1"}});
  EXPECT_EQ(balancer->Choose("group", {"read_ds_2"}), "read_ds_2");
}

TEST(LoadBalancer, WeightValidationMessages) {
  try {
    Balancer("WEIGHT", {{"read_ds_0", "1"}, {"read_ds_1", "heavy"}});
    FAIL() << "a non-number weight must be rejected";
  } catch (const Error& error) {
    EXPECT_EQ(error.code(), ErrorCode::CONFIG_ALGORITHM_PROPS);
    EXPECT_EQ(error.message(), "Weight `heavy` of available target `read_ds_1` should be number.");
    EXPECT_EQ(error.config_path(), "rules.readwrite.loadBalancers.lb");
  }
  auto balancer = Balancer("WEIGHT", {{"read_ds_0", "1"}});
  try {
    balancer->Choose("group", {"read_ds_0", "read_ds_1"});
    FAIL() << "a target without weight must be rejected";
  } catch (const Error& error) {
    EXPECT_EQ(error.code(), ErrorCode::CONFIG_ALGORITHM_PROPS);
    EXPECT_EQ(error.message(), "Weight of available target `read_ds_1` is required.");
  }
  auto all_zero = Balancer("WEIGHT", {{"read_ds_0", "0"}});
  EXPECT_THROW(all_zero->Choose("group", {"read_ds_0"}), Error);
}

TEST(LoadBalancer, BadSeedIsAPropsError) {
  for (const char* type : {"RANDOM", "WEIGHT"}) {
    try {
      Balancer(type, {{"seed", "abc"}});
      FAIL() << type;
    } catch (const Error& error) {
      EXPECT_EQ(error.code(), ErrorCode::CONFIG_ALGORITHM_PROPS) << type;
    }
  }
}

}  // namespace
}  // namespace sqlroute
