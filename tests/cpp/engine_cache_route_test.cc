// Ranges and points under MOD and INLINE algorithms, bound tables included: a statement whose
// model comes from the plan cache gets the plan of an engine without the cache, decisions'
// conditions included, as a fresh plan and into a reused one.
#include <gtest/gtest.h>

#include <string>
#include <tuple>
#include <utility>
#include <vector>

#include "sqlroute/engine.h"
#include "support/golden.h"
#include "support/plan_text.h"

namespace sqlroute {
namespace {

using testing_support::PlanText;

// Statements routed in turn by a cached engine (fresh and reused plans) and an uncached one.
void ExpectGeneralPlans(const std::string& rules, const std::string& sql,
                        const std::vector<std::vector<Value>>& params_list) {
  Engine cached = Engine::FromYamlString(rules);
  Engine uncached = Engine::FromYamlString(rules + "props:\n  sql-plan-cache-enabled: false\n");
  Plan reused;
  for (const auto& params : params_list) {
    std::string expected = PlanText(uncached.Route(sql, params));
    EXPECT_EQ(PlanText(cached.Route(sql, params)), expected) << sql << " " << params.front().ToDisplay();
    cached.RouteInto(reused, sql, params);
    EXPECT_EQ(PlanText(reused), expected) << sql << " " << params.front().ToDisplay() << " into a reused plan";
  }
  PlanCacheStats stats = cached.plan_cache_stats();
  EXPECT_EQ(stats.entries, 1u) << sql;
  EXPECT_EQ(stats.hits, 2 * params_list.size() - 1) << sql;
}

TEST(CachedRouteTest, RangesOfTheRecordedPartitionsAndOthersGetTheGeneralPipelinesPlans) {
  std::vector<std::vector<Value>> ranges;
  for (auto [low, high] : {std::pair{1, 100}, {200, 300}, {5, 7}, {15, 17}, {3, 3}, {40, 1000}, {9, 2}, {0, 9}}) {
    ranges.push_back({Value::Int(low), Value::Int(high)});
  }
  for (const char* rules : {"sysbench_sharding", "two_shard_mod4"}) {
    ExpectGeneralPlans(testing_support::GoldenRules(rules), "SELECT c FROM t_user WHERE id BETWEEN ? AND ?", ranges);
    ExpectGeneralPlans(testing_support::GoldenRules(rules),
                       "SELECT DISTINCT c FROM t_user WHERE id BETWEEN ? AND ? ORDER BY c", ranges);
  }
}

TEST(CachedRouteTest, PointStatementsOfTheRecordedPartitionAndOthersGetTheGeneralPipelinesPlans) {
  std::vector<std::vector<Value>> points;
  for (int32_t id : {7, 17, 27, 8, 7, 1007, -3, 0}) points.push_back({Value::Int(id)});
  for (const char* rules : {"sysbench_sharding", "two_shard_mod4"}) {
    for (const char* sql : {"SELECT c FROM t_user WHERE id = ?", "UPDATE t_user SET k = k + 1 WHERE id = ?",
                            "DELETE FROM t_user WHERE id = ?"}) {
      ExpectGeneralPlans(testing_support::GoldenRules(rules), sql, points);
    }
  }
}

TEST(CachedRouteTest, BoundTablesGetTheGeneralPipelinesPlans) {
  // unbound_orders bound (MOD algorithms), and order_binding (INLINE ones).
  const std::string mod_rules = testing_support::GoldenRules("unbound_orders") + "  bindingTables:\n    - t_order,t_order_item\n";
  std::vector<std::vector<Value>> params;
  for (auto [user, order] : {std::pair{1, 10}, {3, 12}, {2, 10}, {1, 11}, {5, 31}}) params.push_back({Value::Int(user), Value::Int(order)});
  for (const std::string& rules : {mod_rules, testing_support::GoldenRules("order_binding")}) {
    ExpectGeneralPlans(rules,
                       "SELECT i.* FROM t_order o JOIN t_order_item i ON o.order_id = i.order_id "
                       "WHERE o.user_id = ? AND o.order_id = ?",
                       params);
  }
  // Ranges over both tables of a data source: routes of two units.
  std::vector<std::vector<Value>> ranges;
  for (auto [user, low, high] : {std::tuple{1, 10, 11}, {3, 12, 13}, {2, 10, 11}, {1, 11, 11}, {5, 30, 31}}) {
    ranges.push_back({Value::Int(user), Value::Int(low), Value::Int(high)});
  }
  ExpectGeneralPlans(mod_rules,
                     "SELECT i.* FROM t_order o JOIN t_order_item i ON o.order_id = i.order_id "
                     "WHERE o.user_id = ? AND o.order_id BETWEEN ? AND ?",
                     ranges);
}

}  // namespace
}  // namespace sqlroute
