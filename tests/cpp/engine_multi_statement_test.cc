// Engine::RouteStatements: a multi-statement text routed statement by statement.
#include <gtest/gtest.h>

#include <sqlroute/sqlroute.h>

namespace {

using sqlroute::Value;

sqlroute::Engine Example() {
  return sqlroute::Engine::FromYamlFile(std::string(SQLROUTE_TESTS_DIR) + "/../examples/sharding.yaml");
}

TEST(MultiStatementTest, EachStatementGetsItsPlanAndItsParameters) {
  std::vector<sqlroute::Plan> plans = Example().RouteStatements(
      "DELETE FROM t_user WHERE id = ?; DELETE FROM t_user WHERE id = ?;", {Value::Int(7), Value::Int(2)});
  ASSERT_EQ(plans.size(), 2u);
  ASSERT_EQ(plans[0].units.size(), 1u);
  EXPECT_EQ(plans[0].units[0].data_source, "ds_3");
  EXPECT_EQ(plans[0].units[0].sql, "DELETE FROM t_user_7 WHERE id = ?");
  EXPECT_EQ(plans[0].units[0].params, std::vector<Value>{Value::Int(7)});
  ASSERT_EQ(plans[1].units.size(), 1u);
  EXPECT_EQ(plans[1].units[0].data_source, "ds_2");
  EXPECT_EQ(plans[1].units[0].sql, "DELETE FROM t_user_2 WHERE id = ?");
  EXPECT_EQ(plans[1].units[0].params, std::vector<Value>{Value::Int(2)});
}

TEST(MultiStatementTest, StatementsOfAnyKindRouteAsAlone) {
  sqlroute::Engine engine = Example();
  const std::string update = "UPDATE t_user SET name = 'a;b' WHERE id = 2";
  std::vector<sqlroute::Plan> plans = engine.RouteStatements("SELECT * FROM t_user WHERE id = 7;\n" + update);
  ASSERT_EQ(plans.size(), 2u);
  EXPECT_EQ(plans[0].units[0].sql, engine.Route("SELECT * FROM t_user WHERE id = 7").units[0].sql);
  EXPECT_EQ(plans[1].units[0].sql, engine.Route(update).units[0].sql);
  EXPECT_EQ(plans[1].units[0].sql, "UPDATE t_user_2 SET name = 'a;b' WHERE id = 2");
}

TEST(MultiStatementTest, ErrorsNameTheStatement) {
  sqlroute::Engine engine = Example();
  try {
    engine.RouteStatements("SELECT 1; SELEC 2");
    FAIL() << "routed";
  } catch (const sqlroute::Error& error) {
    EXPECT_EQ(error.code(), sqlroute::ErrorCode::SQL_SYNTAX_ERROR);
    EXPECT_EQ(error.message().rfind("in statement 1 of the text: ", 0), 0u) << error.message();
  }
  try {
    engine.RouteStatements("DELETE FROM t_user WHERE id = ?; DELETE FROM t_user WHERE id = ?", {Value::Int(1)});
    FAIL() << "routed";
  } catch (const sqlroute::Error& error) {
    EXPECT_EQ(error.code(), sqlroute::ErrorCode::PARAMETER_INVALID);
  }
  try {
    engine.RouteStatements(" ; -- nothing\n");
    FAIL() << "routed";
  } catch (const sqlroute::Error& error) {
    EXPECT_EQ(error.code(), sqlroute::ErrorCode::SQL_EMPTY);
  }
}

TEST(MultiStatementTest, RouteRefusesSeveralStatementsNamingTheApi) {
  try {
    Example().Route("DELETE FROM t_user WHERE id = 1; DELETE FROM t_user WHERE id = 2");
    FAIL() << "routed";
  } catch (const sqlroute::Error& error) {
    EXPECT_EQ(error.code(), sqlroute::ErrorCode::SQL_MULTI_STATEMENT);
    EXPECT_NE(error.message().find("RouteStatements"), std::string::npos);
  }
}

}  // namespace
