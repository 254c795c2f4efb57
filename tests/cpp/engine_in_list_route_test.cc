// Long IN lists through Engine::Route: the decision shows every value as before, and the plan
// cache's literal cap (sql-plan-cache-max-literals) changes nothing but whether the cache is used.
#include <gtest/gtest.h>

#include "support/golden.h"

#include <string>
#include <vector>

#include "sqlroute/engine.h"

namespace sqlroute {
namespace {

const std::string kSharding = testing_support::GoldenRules("two_shard_mod4");

std::string InList(const std::vector<std::string>& values) {
  std::string sql = "SELECT c FROM t_user WHERE id IN (";
  for (std::size_t i = 0; i < values.size(); ++i) sql += (i > 0 ? ", " : "") + values[i];
  return sql + ")";
}

// Units, parameters and decisions: what a cached plan must share with an uncached one.
std::string Describe(const Plan& plan) {
  std::string out;
  for (const auto& unit : plan.units) {
    out += unit.data_source + ": " + unit.sql + " [";
    for (const auto& param : unit.params) out += param.ToDisplay() + ",";
    out += "]\n";
  }
  for (const auto& decision : plan.decisions) {
    out += decision.table + "." + decision.column + " " + decision.condition + " ->";
    for (const auto& target : decision.targets) out += " " + target;
    out += "\n";
  }
  return out;
}

std::string Condition(const Plan& plan) {
  EXPECT_FALSE(plan.decisions.empty());
  return plan.decisions.empty() ? "" : plan.decisions.front().condition;
}

TEST(InListRouteTest, IntListsShowEveryValueInTheDecision) {
  Engine engine = Engine::FromYamlString(kSharding);
  std::vector<std::string> values = {"1", "-2", "2147483647", "-2147483648", "0", "10", "11", "12", "13"};
  std::string shown = "IN (1, -2, 2147483647, -2147483648, 0, 10, 11, 12, 13)";
  EXPECT_EQ(Condition(engine.Route(InList(values))), shown);
  EXPECT_EQ(Condition(engine.Route(InList({"1", "2"}))), "IN (1, 2)");
}

TEST(InListRouteTest, OtherKindsInAListAreShownByKind) {
  Engine engine = Engine::FromYamlString(kSharding);
  std::vector<std::string> values = {"1", "3000000000", "2", "3", "4", "5", "6", "7", "8"};
  EXPECT_EQ(Condition(engine.Route(InList(values))), "IN (1, long:3000000000, 2, 3, 4, 5, 6, 7, 8)");
  EXPECT_EQ(Condition(engine.Route("SELECT c FROM t_user WHERE id IN (?, 5)", {Value::Long(9)})), "IN (long:9, 5)");
}

TEST(InListRouteTest, LiteralCapSkipsTheCacheWithTheSamePlans) {
  Engine capped = Engine::FromYamlString(kSharding + "props:\n  sql-plan-cache-max-literals: 8\n");
  Engine uncached = Engine::FromYamlString(kSharding + "props:\n  sql-plan-cache-enabled: false\n");
  std::vector<std::string> eight = {"0", "1", "2", "3", "4", "5", "6", "7"};
  std::vector<std::string> nine = {"10", "11", "12", "13", "14", "15", "16", "17", "18"};
  for (int round = 0; round < 2; ++round) {
    for (const auto& values : {eight, nine}) {
      std::string sql = InList(values);
      EXPECT_EQ(Describe(capped.Route(sql)), Describe(uncached.Route(sql))) << sql;
    }
  }
  PlanCacheStats stats = capped.plan_cache_stats();
  EXPECT_EQ(stats.entries, 1u);  // the eight-literal statement only
  EXPECT_EQ(stats.misses, 1u);
  EXPECT_EQ(stats.hits, 1u);
}

TEST(InListRouteTest, LongListsFromTheCacheGetTheUncachedPlans) {
  Engine cached = Engine::FromYamlString(kSharding);
  Engine uncached = Engine::FromYamlString(kSharding + "props:\n  sql-plan-cache-enabled: false\n");
  for (int offset : {0, 7, 123456, 7}) {  // same shape, literals of other lengths, then a repeat
    std::vector<std::string> values;
    for (int i = 0; i < 1000; ++i) values.push_back(std::to_string(i * 13 + offset));
    std::string sql = InList(values) + " ORDER BY c LIMIT " + std::to_string(offset + 5);
    EXPECT_EQ(Describe(cached.Route(sql)), Describe(uncached.Route(sql))) << offset;
  }
  EXPECT_EQ(cached.plan_cache_stats().hits, 3u);
}

}  // namespace
}  // namespace sqlroute
