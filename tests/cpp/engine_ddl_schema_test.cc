// DDL checked against the schema (route/schema_checks.h): when the rules have one, and only then;
// kept by export; refreshed by the storage units' metadata read again after DDL.
#include <gtest/gtest.h>
#include <sqlroute/sqlroute.h>

#include <optional>
#include <string>

namespace sqlroute {
namespace {

constexpr const char* kSharding = R"(
databaseName: logic_db
dataSources:
  ds_0: {url: "jdbc:mysql://127.0.0.1:3306/ds_0"}
  ds_1: {url: "jdbc:mysql://127.0.0.1:3306/ds_1"}
rules:
- !SHARDING
  tables:
    t_order:
      actualDataNodes: ds_${0..1}.t_order
  defaultDatabaseStrategy:
    standard: {shardingColumn: user_id, shardingAlgorithmName: db_mod}
  shardingAlgorithms:
    db_mod: {type: INLINE, props: {algorithm-expression: "ds_${user_id % 2}"}}
)";

// The error routing `sql` gives, or nullopt when it routes.
std::optional<ErrorCode> CodeOf(const Engine& engine, const std::string& sql) {
  try {
    engine.Route(sql);
  } catch (const Error& error) {
    return error.code();
  }
  return std::nullopt;
}

bool Routes(const Engine& engine, const std::string& sql) { return !CodeOf(engine, sql).has_value(); }

// The storage units' tables: t_order on both when `created`, nothing else.
std::string StorageUnits(bool created) {
  std::string tables = created ? R"({"t_order": {"columns": ["order_id", "user_id"]}})" : "{}";
  return R"({"ds_0": )" + tables + R"(, "ds_1": )" + tables + "}";
}

TEST(DdlSchema, WithoutMetadataNothingIsChecked) {
  Engine engine(RuleSet::FromYamlString(kSharding));
  EXPECT_TRUE(Routes(engine, "DROP TABLE t_order"));
  EXPECT_TRUE(Routes(engine, "CREATE TABLE t_order (order_id BIGINT)"));
  EXPECT_TRUE(Routes(engine, "DROP INDEX idx_none ON t_order"));
}

TEST(DdlSchema, AnEmptyMetadataSectionIsAnEmptySchema) {
  Engine engine(RuleSet::FromYamlString(std::string(kSharding) + "metadata: {}\n"));
  EXPECT_EQ(CodeOf(engine, "DROP TABLE t_order"), ErrorCode::TABLE_NOT_FOUND);
  EXPECT_EQ(CodeOf(engine, "CREATE INDEX idx_user ON t_order (user_id)"), ErrorCode::TABLE_NOT_FOUND);
  EXPECT_TRUE(Routes(engine, "CREATE TABLE t_order (order_id BIGINT)"));
}

TEST(DdlSchema, ExportKeepsAnEmptySchema) {
  auto rules = RuleSet::FromYamlString(std::string(kSharding) + "metadata: {}\n");
  std::string exported = rules->ExportYaml();
  EXPECT_NE(exported.find("metadata: {}"), std::string::npos) << exported;
  Engine engine(RuleSet::FromYamlString(exported));
  EXPECT_EQ(CodeOf(engine, "DROP TABLE t_order"), ErrorCode::TABLE_NOT_FOUND);
}

TEST(DdlSchema, MetadataAddedLaterMakesTheSchema) {
  Engine engine(RuleSet::FromYamlString(kSharding)->WithMetadata("{t_order: [order_id, user_id]}"));
  EXPECT_EQ(CodeOf(engine, "CREATE TABLE t_order (order_id BIGINT)"), ErrorCode::TABLE_EXISTS);
  EXPECT_EQ(CodeOf(engine, "DROP TABLE t_order, t_user"), ErrorCode::TABLE_NOT_FOUND);
}

TEST(DdlSchema, TheCheckFollowsTheMetadataReadAfterEachStatement) {
  auto configured = RuleSet::FromYamlString(kSharding);
  Engine engine(configured->WithDiscoveredMetadata(StorageUnits(false)));
  EXPECT_EQ(CodeOf(engine, "DROP TABLE t_order"), ErrorCode::TABLE_NOT_FOUND);
  EXPECT_TRUE(Routes(engine, "CREATE TABLE t_order (order_id BIGINT, user_id INT)"));
  engine.Reload(configured->WithDiscoveredMetadata(StorageUnits(true)));  // as the proxy refreshes it
  EXPECT_EQ(CodeOf(engine, "CREATE TABLE t_order (order_id BIGINT, user_id INT)"), ErrorCode::TABLE_EXISTS);
  EXPECT_TRUE(Routes(engine, "DROP TABLE t_order"));
  engine.Reload(configured->WithDiscoveredMetadata(StorageUnits(false)));
  EXPECT_TRUE(Routes(engine, "CREATE TABLE t_order (order_id BIGINT, user_id INT)"));
}

TEST(DdlSchema, TheCallHintSkipsTheChecks) {
  Engine engine(RuleSet::FromYamlString(std::string(kSharding) + "metadata: {}\n"));
  Hints hints;
  hints.skip_metadata_validate = true;
  Plan plan = engine.Route("DROP TABLE t_order", {}, hints);
  EXPECT_EQ(plan.units.size(), 2u);
}

TEST(DdlSchema, WithoutAShardingRuleNothingIsChecked) {
  // ShardingSphere's DDL existence checks are the sharding rule's checkers.
  Engine engine(RuleSet::FromYamlString(R"(
dataSources:
  ds: {url: "jdbc:mysql://127.0.0.1:3306/ds"}
rules:
- !SINGLE
  tables: ["*.*"]
metadata:
  t_user: {dataSource: ds, columns: [id]}
)"));
  EXPECT_TRUE(Routes(engine, "CREATE TABLE t_user (id INT)"));
  EXPECT_TRUE(Routes(engine, "DROP TABLE t_gone"));
}

}  // namespace
}  // namespace sqlroute
