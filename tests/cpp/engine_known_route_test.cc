// Known routes (engine/compiled_plan.h): a plan template takes its recorded route again when a
// statement's conditions fall into the recorded partitions (route::PartitionKey), and routes
// anew otherwise. Either way the plan is the general pipeline's, decisions' conditions included.
#include <gtest/gtest.h>

#include <string>
#include <tuple>
#include <utility>
#include <vector>

#include "rules/rule_set_access.h"
#include "route/table_router.h"
#include "sqlroute/engine.h"
#include "sqlroute/rule_set.h"
#include "support/golden.h"
#include "support/plan_text.h"

namespace sqlroute {
namespace {

using testing_support::PlanText;

route::ShardingCondition Branch(const rules::ShardingTable& table, std::vector<route::ColumnCondition> columns) {
  for (auto& each : columns) each.table = &table;
  return {std::move(columns), false};
}

route::ColumnCondition Equal(int32_t value) {
  route::ColumnCondition condition;
  condition.column = "id";
  condition.values = {Value::Int(value)};
  return condition;
}

route::ColumnCondition Between(int32_t low, int32_t high) {
  route::ColumnCondition condition;
  condition.column = "id";
  condition.is_range = true;
  condition.range.lower = Value::Int(low);
  condition.range.upper = Value::Int(high);
  return condition;
}

TEST(KnownRouteTest, PartitionKeysAreEqualExactlyWhenThePartitionsAre) {
  auto rules = RuleSet::FromYamlString(testing_support::GoldenRules("sysbench_sharding"));  // MOD 10
  const rules::ShardingTable& table = *rules::RuleSetAccess::Compiled(*rules).sharding->Find("t_user");
  auto key = [&](std::vector<route::ColumnCondition> columns) { return route::PartitionKey(table, Branch(table, std::move(columns))); };
  ASSERT_TRUE(key({Equal(3)}).has_value());
  EXPECT_EQ(key({Equal(3)}), key({Equal(13)}));
  EXPECT_NE(key({Equal(3)}), key({Equal(4)}));
  EXPECT_EQ(key({Between(1, 100)}), key({Between(500, 1000)}));  // every partition
  EXPECT_EQ(key({Between(1, 2)}), key({Between(11, 12)}));
  EXPECT_NE(key({Between(1, 2)}), key({Between(1, 3)}));
  EXPECT_NE(key({Between(1, 2)}), key({Equal(1)}));
  EXPECT_NE(key({}), key({Equal(1)}));  // no condition: every table
  route::ColumnCondition in_list = Equal(1);
  in_list.values.push_back(Value::Int(2));
  in_list.in_list = 7;
  EXPECT_FALSE(key({in_list}).has_value());  // the IN-list split reads each value's target
  EXPECT_TRUE(route::HasPartitionKey(table, Branch(table, {Equal(11)}), *key({Equal(1)})));
  EXPECT_FALSE(route::HasPartitionKey(table, Branch(table, {Equal(12)}), *key({Equal(1)})));
}

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
  EXPECT_EQ(cached.plan_cache_stats().templates, 1u) << sql;
}

TEST(KnownRouteTest, RangesOfTheRecordedPartitionsAndOthersGetTheGeneralPipelinesPlans) {
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

// A route of one unit is not kept: point statements are routed anew, in the recorded partition
// or another.
TEST(KnownRouteTest, PointStatementsOfTheRecordedPartitionAndOthersGetTheGeneralPipelinesPlans) {
  std::vector<std::vector<Value>> points;
  for (int32_t id : {7, 17, 27, 8, 7, 1007, -3, 0}) points.push_back({Value::Int(id)});
  for (const char* rules : {"sysbench_sharding", "two_shard_mod4"}) {
    for (const char* sql : {"SELECT c FROM t_user WHERE id = ?", "UPDATE t_user SET k = k + 1 WHERE id = ?",
                            "DELETE FROM t_user WHERE id = ?"}) {
      ExpectGeneralPlans(testing_support::GoldenRules(rules), sql, points);
    }
  }
}

TEST(KnownRouteTest, BoundTablesGetTheGeneralPipelinesPlans) {
  // unbound_orders bound (MOD algorithms: known routes of ranges), and order_binding (INLINE ones:
  // routed anew).
  const std::string mod_rules = testing_support::GoldenRules("unbound_orders") + "  bindingTables:\n    - t_order,t_order_item\n";
  std::vector<std::vector<Value>> params;
  for (auto [user, order] : {std::pair{1, 10}, {3, 12}, {2, 10}, {1, 11}, {5, 31}}) params.push_back({Value::Int(user), Value::Int(order)});
  for (const std::string& rules : {mod_rules, testing_support::GoldenRules("order_binding")}) {
    ExpectGeneralPlans(rules,
                       "SELECT i.* FROM t_order o JOIN t_order_item i ON o.order_id = i.order_id "
                       "WHERE o.user_id = ? AND o.order_id = ?",
                       params);
  }
  // Ranges over both tables of a data source: routes of two units, kept and taken again.
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
