// Execution groups (max-connections-size-per-query) and batch routing.
#include <gtest/gtest.h>

#include <sqlroute/sqlroute.h>

namespace {

std::string Rules(int max_connections) {
  return "dataSources: {ds_0: {url: a}, ds_1: {url: b}}\n"
         "rules:\n- !SHARDING\n  autoTables:\n    t_user:\n      shardingStrategy:\n"
         "        standard: {shardingColumn: id, shardingAlgorithmName: mod}\n"
         "  shardingAlgorithms:\n    mod: {type: MOD, props: {sharding-count: 6}}\n"
         "props:\n  max-connections-size-per-query: " + std::to_string(max_connections) + "\n";
}

TEST(ExecutionGroupTest, OneConnectionPerDataSourcePacksEveryUnit) {
  sqlroute::Engine engine = sqlroute::Engine::FromYamlString(Rules(1));
  sqlroute::Plan plan = engine.Route("SELECT * FROM t_user ORDER BY id");
  ASSERT_EQ(plan.units.size(), 6u);
  ASSERT_EQ(plan.execution_groups.size(), 2u);
  EXPECT_EQ(plan.execution_groups[0].data_source, "ds_0");
  EXPECT_EQ(plan.execution_groups[0].mode, sqlroute::ConnectionMode::ConnectionStrictly);
  ASSERT_EQ(plan.execution_groups[0].connections.size(), 1u);
  EXPECT_EQ(plan.execution_groups[0].connections[0], (std::vector<std::size_t>{0, 1, 2}));
}

TEST(ExecutionGroupTest, EnoughConnectionsStreamEachUnit) {
  sqlroute::Engine engine = sqlroute::Engine::FromYamlString(Rules(3));
  sqlroute::Plan plan = engine.Route("SELECT * FROM t_user ORDER BY id");
  ASSERT_EQ(plan.execution_groups.size(), 2u);
  EXPECT_EQ(plan.execution_groups[1].data_source, "ds_1");
  EXPECT_EQ(plan.execution_groups[1].mode, sqlroute::ConnectionMode::MemoryStrictly);
  EXPECT_EQ(plan.execution_groups[1].connections.size(), 3u);
}

TEST(ExecutionGroupTest, TwoConnectionsSplitThreeUnitsTwoAndOne) {
  sqlroute::Engine engine = sqlroute::Engine::FromYamlString(Rules(2));
  sqlroute::Plan plan = engine.Route("SELECT * FROM t_user ORDER BY id");
  ASSERT_EQ(plan.execution_groups[0].connections.size(), 2u);
  EXPECT_EQ(plan.execution_groups[0].connections[0].size(), 2u);
  EXPECT_EQ(plan.execution_groups[0].connections[1].size(), 1u);
  EXPECT_EQ(plan.execution_groups[0].mode, sqlroute::ConnectionMode::ConnectionStrictly);
}

// 40 data sources of 3 tables each (t_user_k on ds_(k % 40)): more than DataSourceIndex
// searches one by one, so UNION ALL batching and grouping go through its hash index.
void ExpectFortyDataSourcePlan(const sqlroute::Plan& plan) {
  ASSERT_EQ(plan.route_units.size(), 120u);
  ASSERT_EQ(plan.units.size(), 80u);  // per data source: two tables joined, then the third
  ASSERT_EQ(plan.execution_groups.size(), 40u);
  auto piece = [](int table) { return "SELECT c FROM t_user_" + std::to_string(table) + " WHERE k = ?"; };
  for (std::size_t d = 0; d < 40; ++d) {
    std::string ds = "ds_" + std::to_string(d);
    const sqlroute::SqlUnit& joined = plan.units[2 * d];
    const sqlroute::SqlUnit& last = plan.units[2 * d + 1];
    EXPECT_EQ(joined.data_source, ds);
    EXPECT_EQ(joined.sql, piece(static_cast<int>(d)) + " UNION ALL " + piece(static_cast<int>(d) + 40));
    EXPECT_EQ(joined.params.size(), 2u);
    EXPECT_EQ(last.data_source, ds);
    EXPECT_EQ(last.sql, piece(static_cast<int>(d) + 80));
    const sqlroute::ExecutionGroup& group = plan.execution_groups[d];
    EXPECT_EQ(group.data_source, ds);
    EXPECT_EQ(group.mode, sqlroute::ConnectionMode::ConnectionStrictly);
    ASSERT_EQ(group.connections.size(), 1u);
    EXPECT_EQ(group.connections[0], (std::vector<std::size_t>{2 * d, 2 * d + 1}));
  }
}

TEST(ExecutionGroupTest, FortyDataSourcesJoinAndGroupAsFew) {
  std::string yaml = "dataSources:\n";
  for (int d = 0; d < 40; ++d) yaml += "  ds_" + std::to_string(d) + ": {url: x}\n";
  yaml += "rules:\n- !SHARDING\n  autoTables:\n    t_user:\n      shardingStrategy:\n"
          "        standard: {shardingColumn: id, shardingAlgorithmName: mod}\n"
          "  shardingAlgorithms:\n    mod: {type: MOD, props: {sharding-count: 120}}\n"
          "props:\n  max-connections-size-per-query: 1\n  max-union-size-per-datasource: 2\n";
  sqlroute::Engine engine = sqlroute::Engine::FromYamlString(yaml);
  const std::string sql = "SELECT c FROM t_user WHERE k = ?";
  ExpectFortyDataSourcePlan(engine.Route(sql, {sqlroute::Value::Int(1)}));  // parsed
  ExpectFortyDataSourcePlan(engine.Route(sql, {sqlroute::Value::Int(1)}));  // the cached model
  ASSERT_EQ(engine.plan_cache_stats().hits, 1u);
}

TEST(BatchTest, ParameterSetsAreGroupedByDataSourceAndSql) {
  sqlroute::Engine engine = sqlroute::Engine::FromYamlString(Rules(1));
  using sqlroute::Value;
  sqlroute::BatchPlan batch = engine.RouteBatch(
      "INSERT INTO t_user (id, c) VALUES (?, ?)",
      {{Value::Int(1), Value::String("a")}, {Value::Int(7), Value::String("b")}, {Value::Int(2), Value::String("c")}});
  ASSERT_EQ(batch.units.size(), 2u);
  EXPECT_EQ(batch.units[0].data_source, "ds_1");
  EXPECT_EQ(batch.units[0].sql, "INSERT INTO t_user_1 (id, c) VALUES (?, ?)");
  EXPECT_EQ(batch.units[0].inputs, (std::vector<std::size_t>{0, 1}));
  EXPECT_EQ(batch.units[0].param_sets[1][1], Value::String("b"));
  EXPECT_EQ(batch.units[1].sql, "INSERT INTO t_user_2 (id, c) VALUES (?, ?)");
  EXPECT_EQ(batch.units[1].inputs, (std::vector<std::size_t>{2}));
}

TEST(BatchTest, AFailingSetIsNamed) {
  sqlroute::Engine engine = sqlroute::Engine::FromYamlString(Rules(1));
  try {
    engine.RouteBatch("UPDATE t_user SET c = ? WHERE id = ?", {{sqlroute::Value::String("x"), sqlroute::Value::Int(1)},
                                                               {sqlroute::Value::String("y")}});
    FAIL() << "expected an error";
  } catch (const sqlroute::Error& error) {
    EXPECT_EQ(error.code(), sqlroute::ErrorCode::PARAMETER_MISSING);
    EXPECT_EQ(error.message().rfind("in parameter set 1: ", 0), 0u) << error.message();
  }
}

}  // namespace
