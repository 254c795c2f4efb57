// Rule sets built from DistSQL, applied to a live engine, and table metadata added later.
#include <gtest/gtest.h>

#include <sqlroute/sqlroute.h>

namespace {

constexpr const char* kStorageUnits = R"(
REGISTER STORAGE UNIT ds_0 (HOST="127.0.0.1", PORT=3306, DB="sbtest", USER="test", PASSWORD="test"),
  ds_1 (HOST="127.0.0.1", PORT=3307, DB="sbtest", USER="test", PASSWORD="test");
)";

constexpr const char* kShardingRule = R"(
CREATE SHARDING TABLE RULE t_user (
STORAGE_UNITS(ds_0, ds_1),
SHARDING_COLUMN=id,TYPE(NAME="MOD",PROPERTIES("sharding-count"=4))
);
)";

TEST(LiveRulesTest, EngineFromDistSqlRoutes) {
  sqlroute::Engine engine = sqlroute::Engine::FromDistSql(std::string(kStorageUnits) + kShardingRule);
  sqlroute::Plan plan = engine.Route("SELECT * FROM t_user WHERE id = 3");
  ASSERT_EQ(plan.units.size(), 1u);
  EXPECT_EQ(plan.units[0].data_source, "ds_1");
  EXPECT_EQ(plan.units[0].sql, "SELECT * FROM t_user_3 WHERE id = 3");
}

TEST(LiveRulesTest, ApplyingDistSqlSwapsTheSnapshotAndCopiesSeeIt) {
  sqlroute::Engine engine = sqlroute::Engine::FromDistSql(kStorageUnits);
  sqlroute::Engine copy = engine;
  auto before = engine.rules();
  EXPECT_THROW(copy.Route("SELECT * FROM t_user WHERE id = 3"), sqlroute::Error);  // no rule places t_user yet
  engine.ApplyDistSql(kShardingRule);
  EXPECT_NE(engine.rules()->version(), before->version());
  EXPECT_EQ(copy.Route("SELECT * FROM t_user WHERE id = 3").units[0].sql, "SELECT * FROM t_user_3 WHERE id = 3");
}

TEST(LiveRulesTest, AFailedApplyLeavesTheRulesAsTheyWere) {
  sqlroute::Engine engine = sqlroute::Engine::FromDistSql(std::string(kStorageUnits) + kShardingRule);
  auto before = engine.rules();
  EXPECT_THROW(engine.ApplyDistSql("CREATE SHARDING TABLE RULE t_user (STORAGE_UNITS(ds_9), SHARDING_COLUMN=id, "
                                   "TYPE(NAME=\"MOD\", PROPERTIES(\"sharding-count\"=4)));"),
               sqlroute::Error);
  EXPECT_EQ(engine.rules(), before);
}

TEST(LiveRulesTest, MetadataAddedLaterServesInsertsWithoutColumnList) {
  auto rules = sqlroute::RuleSet::FromDistSql(std::string(kStorageUnits) + kShardingRule);
  sqlroute::Engine engine(rules->WithMetadata("{t_user: [id, k, c, pad]}"));
  sqlroute::Plan plan = engine.Route("INSERT INTO t_user VALUES (5, 1, 'c', 'p')");
  ASSERT_EQ(plan.units.size(), 1u);
  EXPECT_EQ(plan.units[0].data_source, "ds_1");
  EXPECT_EQ(plan.units[0].sql, "INSERT INTO t_user_1 VALUES (5, 1, 'c', 'p')");
}

TEST(LiveRulesTest, ExportMasksPasswords) {
  auto rules = sqlroute::RuleSet::FromDistSql(kStorageUnits);
  std::string exported = rules->ExportYaml();
  EXPECT_EQ(exported.find("password: test"), std::string::npos) << exported;
  EXPECT_NE(rules->ExportYaml(true).find("test"), std::string::npos);
}

}  // namespace

namespace {

TEST(LiveRulesTest, TableDefinitionsGiveColumnLists) {
  auto rules = sqlroute::RuleSet::FromDistSql(std::string(kStorageUnits) + kShardingRule);
  sqlroute::Engine engine(rules->WithTableDefinitions(
      "CREATE TABLE t_user (id INT NOT NULL, k INT DEFAULT '0', c CHAR(120) COMMENT 'a;b', pad CHAR(60),"
      " PRIMARY KEY (id));\n-- trailing comment; with a semicolon\n"));
  sqlroute::Plan plan = engine.Route("INSERT INTO t_user VALUES (6, 1, 'c', 'p')");
  ASSERT_EQ(plan.units.size(), 1u);
  EXPECT_EQ(plan.units[0].sql, "INSERT INTO t_user_2 VALUES (6, 1, 'c', 'p')");
  EXPECT_THROW(rules->WithTableDefinitions("SELECT 1"), sqlroute::Error);
  try {
    rules->WithTableDefinitions("CREATE TABLE a (x INT);\nCREATE TABLE b (y INT,)");
    FAIL() << "expected a syntax error";
  } catch (const sqlroute::Error& error) {
    ASSERT_TRUE(error.position().has_value());
    EXPECT_EQ(error.position()->line, 2);
  }
}

}  // namespace
