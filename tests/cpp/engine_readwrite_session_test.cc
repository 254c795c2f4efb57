// Read/write splitting with a session: transactional read strategies and read-after-write
// affinity.
#include <gtest/gtest.h>

#include <sqlroute/sqlroute.h>

#include <set>

namespace {

sqlroute::Engine EngineWith(const std::string& strategy) {
  return sqlroute::Engine::FromYamlString(
      "dataSources: {primary: {url: a}, replica_0: {url: b}, replica_1: {url: c}}\n"
      "rules:\n- !READWRITE_SPLITTING\n  dataSourceGroups:\n    rw:\n      writeDataSourceName: primary\n"
      "      readDataSourceNames: [replica_0, replica_1]\n      transactionalReadQueryStrategy: " + strategy + "\n");
}

std::string Target(const sqlroute::Engine& engine, const std::string& sql, sqlroute::Session* session) {
  return engine.Route(sql, {}, {}, session).units.at(0).data_source;
}

TEST(ReadwriteSessionTest, RoundRobinAlternatesOutsideTransactions) {
  sqlroute::Engine engine = EngineWith("PRIMARY");
  sqlroute::Session session;
  EXPECT_EQ(Target(engine, "SELECT 1 FROM t", &session), "replica_0");
  EXPECT_EQ(Target(engine, "SELECT 1 FROM t", &session), "replica_1");
}

TEST(ReadwriteSessionTest, PrimaryStrategyReadsThePrimaryInATransaction) {
  sqlroute::Engine engine = EngineWith("PRIMARY");
  sqlroute::Session session;
  Target(engine, "BEGIN", &session);
  EXPECT_TRUE(session.in_transaction);
  EXPECT_EQ(Target(engine, "SELECT 1 FROM t", &session), "primary");
  Target(engine, "COMMIT", &session);
  EXPECT_FALSE(session.in_transaction);
  EXPECT_NE(Target(engine, "SELECT 1 FROM t", &session), "primary");
}

TEST(ReadwriteSessionTest, FixedStrategyKeepsOneReplicaForTheTransaction) {
  sqlroute::Engine engine = EngineWith("FIXED");
  sqlroute::Session session;
  Target(engine, "START TRANSACTION", &session);
  std::string first = Target(engine, "SELECT 1 FROM t", &session);
  for (int i = 0; i < 5; ++i) EXPECT_EQ(Target(engine, "SELECT 1 FROM t", &session), first);
  EXPECT_EQ(session.fixed_replicas.at("rw"), first);
  Target(engine, "ROLLBACK", &session);
  EXPECT_TRUE(session.fixed_replicas.empty());
}

TEST(ReadwriteSessionTest, DynamicStrategyBalancesInsideTransactions) {
  sqlroute::Engine engine = EngineWith("DYNAMIC");
  sqlroute::Session session;
  Target(engine, "SET autocommit = 0", &session);
  EXPECT_TRUE(session.in_transaction);
  std::set<std::string> seen;
  for (int i = 0; i < 4; ++i) seen.insert(Target(engine, "SELECT 1 FROM t", &session));
  EXPECT_EQ(seen, (std::set<std::string>{"replica_0", "replica_1"}));
  Target(engine, "SET autocommit = 1", &session);
  EXPECT_FALSE(session.in_transaction);
}

TEST(ReadwriteSessionTest, ReadAfterWriteAffinitySendsReadsToThePrimary) {
  sqlroute::Engine engine = EngineWith("DYNAMIC");
  sqlroute::Session session;
  session.read_after_write_affinity = true;
  session.affinity_window = std::chrono::milliseconds(60000);
  EXPECT_NE(Target(engine, "SELECT 1 FROM t", &session), "primary");
  EXPECT_EQ(Target(engine, "UPDATE t SET a = 1", &session), "primary");
  EXPECT_EQ(Target(engine, "SELECT 1 FROM t", &session), "primary");
  session.affinity_window = std::chrono::milliseconds(0);
  EXPECT_NE(Target(engine, "SELECT 1 FROM t", &session), "primary");
}

}  // namespace

namespace {

TEST(ReadwriteDistSqlTest, DisablingAndEnablingReplicasThroughDistSql) {
  sqlroute::Engine engine = EngineWith("DYNAMIC");
  engine.ApplyDistSql("ALTER READWRITE_SPLITTING RULE rw DISABLE replica_0;");
  for (int i = 0; i < 4; ++i) EXPECT_EQ(Target(engine, "SELECT 1 FROM t", nullptr), "replica_1");
  engine.ApplyDistSql("ALTER READWRITE_SPLITTING RULE rw DISABLE replica_1 FROM sharding_db");
  sqlroute::Plan plan = engine.Route("SELECT 1 FROM t");
  EXPECT_EQ(plan.units.at(0).data_source, "primary");
  EXPECT_EQ(plan.notes, (std::vector<std::string>{"rw -> primary: every replica is disabled"}));
  engine.ApplyDistSql("ALTER READWRITE_SPLITTING RULE rw ENABLE replica_0; ALTER READWRITE_SPLITTING RULE rw ENABLE replica_1");
  std::set<std::string> seen;
  for (int i = 0; i < 4; ++i) seen.insert(Target(engine, "SELECT 1 FROM t", nullptr));
  EXPECT_EQ(seen, (std::set<std::string>{"replica_0", "replica_1"}));
  EXPECT_THROW(engine.ApplyDistSql("ALTER READWRITE_SPLITTING RULE rw DISABLE primary"), sqlroute::Error);
  EXPECT_THROW(engine.ApplyDistSql("ALTER READWRITE_SPLITTING RULE nope DISABLE replica_0"), sqlroute::Error);
}

TEST(ReadwriteDistSqlTest, DisabledReplicasSurviveOtherRuleChanges) {
  sqlroute::Engine engine = EngineWith("DYNAMIC");
  engine.ApplyDistSql("ALTER READWRITE_SPLITTING RULE rw DISABLE replica_0");
  engine.Reload(engine.rules()->WithMetadata("{t: [a, b]}"));
  for (int i = 0; i < 3; ++i) EXPECT_EQ(Target(engine, "SELECT 1 FROM t", nullptr), "replica_1");
}

}  // namespace
