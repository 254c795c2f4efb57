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
