// The whole path (rules in, units out, errors) through the public headers only.
#include <gtest/gtest.h>

#include <sqlroute/sqlroute.h>

#include <thread>

namespace {

std::string ExamplePath() { return std::string(SQLROUTE_TESTS_DIR) + "/../examples/sharding.yaml"; }

TEST(PublicApiTest, ExampleRoutesToTheSeventhTable) {
  sqlroute::Engine engine = sqlroute::Engine::FromYamlFile(ExamplePath());
  sqlroute::Plan plan = engine.Route("SELECT * FROM t_user WHERE id = ?", {sqlroute::Value::Int(7)});
  ASSERT_EQ(plan.units.size(), 1u);
  EXPECT_EQ(plan.units[0].data_source, "ds_3");
  EXPECT_EQ(plan.units[0].sql, "SELECT * FROM t_user_7 WHERE id = ?");
  ASSERT_EQ(plan.units[0].params.size(), 1u);
  EXPECT_EQ(plan.units[0].params[0], sqlroute::Value::Int(7));
  EXPECT_EQ(plan.route_type, sqlroute::RouteType::Standard);
  ASSERT_EQ(plan.route_units.size(), 1u);
  ASSERT_EQ(plan.route_units[0].tables.size(), 1u);
  EXPECT_EQ(plan.route_units[0].tables[0].actual, "t_user_7");
}

// RouteInto writes over the plan it is given: routed again alike, the plan keeps its buffers.
TEST(PublicApiTest, RouteIntoReusesThePlansStorage) {
  sqlroute::Engine engine = sqlroute::Engine::FromYamlFile(ExamplePath());
  const std::string sql = "SELECT c FROM t_user WHERE id BETWEEN ? AND ?";
  sqlroute::Plan plan;
  engine.RouteInto(plan, sql, {sqlroute::Value::Int(100), sqlroute::Value::Int(199)});
  engine.RouteInto(plan, sql, {sqlroute::Value::Int(100), sqlroute::Value::Int(199)});  // served by the plan template
  ASSERT_EQ(plan.route_units.size(), 10u);
  ASSERT_EQ(plan.units.size(), 4u);  // UNION ALL per data source
  const void* route_units = plan.route_units.data();
  const void* decisions = plan.decisions.data();
  const void* groups = plan.execution_groups.data();
  const char* first_sql = plan.units[0].sql.data();
  engine.RouteInto(plan, sql, {sqlroute::Value::Int(300), sqlroute::Value::Int(399)});
  EXPECT_EQ(plan.route_units.data(), route_units);
  EXPECT_EQ(plan.decisions.data(), decisions);
  EXPECT_EQ(plan.execution_groups.data(), groups);
  EXPECT_EQ(plan.units[0].sql.data(), first_sql);
  EXPECT_EQ(plan.units[0].params[0], sqlroute::Value::Int(300));
  EXPECT_EQ(plan.decisions[0].condition, "BETWEEN 300 AND 399");
}

TEST(PublicApiTest, SyntaxErrorCarriesPosition) {
  sqlroute::Engine engine = sqlroute::Engine::FromYamlFile(ExamplePath());
  try {
    engine.Route("SELEC 1");
    FAIL() << "expected a syntax error";
  } catch (const sqlroute::Error& error) {
    EXPECT_EQ(error.code(), sqlroute::ErrorCode::SQL_SYNTAX_ERROR);
    EXPECT_EQ(error.category(), sqlroute::ErrorCategory::Syntax);
    ASSERT_TRUE(error.position().has_value());
    EXPECT_EQ(error.position()->line, 1);
    EXPECT_EQ(error.position()->column, 1);
  }
}

TEST(PublicApiTest, MalformedYamlNamesTheKeyPath) {
  try {
    sqlroute::Engine::FromYamlString(
        "dataSources:\n  ds_0: {url: x}\nrules:\n- !SHARDING\n  autoTables:\n    t_user:\n"
        "      shardingStrategy: {standard: {shardingColumn: id, shardingAlgorithmName: nope}}\n");
    FAIL() << "expected a config error";
  } catch (const sqlroute::Error& error) {
    EXPECT_EQ(error.category(), sqlroute::ErrorCategory::Config);
    EXPECT_NE(error.config_path().find("t_user"), std::string::npos) << error.what();
  }
}

TEST(PublicApiTest, ExplainShowsUnitsAndNoSecret) {
  sqlroute::Engine engine = sqlroute::Engine::FromYamlFile(ExamplePath());
  std::string text = engine.Route("SELECT * FROM t_user WHERE id = 7").Explain();
  EXPECT_NE(text.find("ds_3"), std::string::npos);
  EXPECT_NE(text.find("SELECT * FROM t_user_7 WHERE id = 7"), std::string::npos);
  EXPECT_EQ(text.find("password"), std::string::npos);
}

TEST(PublicApiTest, OneEngineServesManyThreads) {
  sqlroute::Engine engine = sqlroute::Engine::FromYamlFile(ExamplePath());
  std::vector<std::thread> threads;
  std::vector<int> failures(4, 0);
  for (int t = 0; t < 4; ++t) {
    threads.emplace_back([&, t] {
      for (int id = 0; id < 200; ++id) {
        sqlroute::Plan plan = engine.Route("SELECT c FROM t_user WHERE id = ?", {sqlroute::Value::Int(id)});
        if (plan.units.size() != 1 || plan.units[0].sql != "SELECT c FROM t_user_" + std::to_string(id % 10) + " WHERE id = ?") {
          ++failures[static_cast<std::size_t>(t)];
        }
      }
    });
  }
  for (auto& thread : threads) thread.join();
  for (int each : failures) EXPECT_EQ(each, 0);
}

}  // namespace
