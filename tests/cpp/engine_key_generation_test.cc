// Generated keys through the whole pipeline, with a registered deterministic key generator
// (the registry path users take for their own algorithms) and with SNOWFLAKE.
#include <gtest/gtest.h>

#include <sqlroute/sqlroute.h>

#include <atomic>

namespace {

class CountingKeyGenerator final : public sqlroute::KeyGenerator {
 public:
  explicit CountingKeyGenerator(int64_t start) : next_(start) {}
  sqlroute::Value Generate() const override { return sqlroute::Value::Long(next_++); }

 private:
  mutable std::atomic<int64_t> next_;
};

constexpr const char* kRules = R"(
dataSources:
  ds_0: {url: x}
  ds_1: {url: y}
rules:
- !SHARDING
  tables:
    t_account:
      actualDataNodes: ds_${0..1}.t_account_${0..1}
      databaseStrategy: {standard: {shardingColumn: account_id, shardingAlgorithmName: db}}
      tableStrategy: {standard: {shardingColumn: account_id, shardingAlgorithmName: table}}
      keyGenerateStrategy: {column: account_id, keyGeneratorName: counter}
  shardingAlgorithms:
    db: {type: INLINE, props: {algorithm-expression: "ds_${account_id % 2}"}}
    table: {type: INLINE, props: {algorithm-expression: "t_account_${account_id.intdiv(2) % 2}"}}
  keyGenerators:
    counter: {type: TEST_COUNTER, props: {start: 5}}
metadata:
  t_account: [account_id, amount, status]
)";

class KeyGenerationTest : public testing::Test {
 protected:
  static void SetUpTestSuite() {
    auto& registry = sqlroute::AlgorithmRegistry::Global();
    if (!registry.Has(sqlroute::AlgorithmKind::KeyGenerator, "TEST_COUNTER")) {
      registry.RegisterKeyGenerator("TEST_COUNTER", [](const sqlroute::Props& props, const std::string&) {
        return std::make_shared<CountingKeyGenerator>(std::stoll(props.Get("start").value_or("1")));
      });
    }
  }
  sqlroute::Engine engine_ = sqlroute::Engine::FromYamlString(kRules);
};

TEST_F(KeyGenerationTest, KeyColumnAndValuesAreAppendedAndRouteTheRows) {
  sqlroute::Plan plan = engine_.Route("INSERT INTO t_account (amount, status) VALUES (1000, 'OK'), (2000, 'OK')");
  ASSERT_EQ(plan.units.size(), 2u);
  EXPECT_EQ(plan.units[0].data_source, "ds_1");  // key 5: ds_1, table 5/2 % 2 = 0
  EXPECT_EQ(plan.units[0].sql, "INSERT INTO t_account_0 (amount, status, account_id) VALUES (1000, 'OK', 5)");
  EXPECT_EQ(plan.units[1].data_source, "ds_0");  // key 6: ds_0, table 6/2 % 2 = 1
  EXPECT_EQ(plan.units[1].sql, "INSERT INTO t_account_1 (amount, status, account_id) VALUES (2000, 'OK', 6)");
}

TEST_F(KeyGenerationTest, ParameterFormAppendsAParameter) {
  sqlroute::Plan plan = engine_.Route("INSERT INTO t_account (amount, status) VALUES (?, ?)",
                                      {sqlroute::Value::Int(1000), sqlroute::Value::String("OK")});
  ASSERT_EQ(plan.units.size(), 1u);
  EXPECT_EQ(plan.units[0].sql, "INSERT INTO t_account_0 (amount, status, account_id) VALUES (?, ?, ?)");
  ASSERT_EQ(plan.units[0].params.size(), 3u);
  EXPECT_EQ(plan.units[0].params[2], sqlroute::Value::Long(5));
}

TEST_F(KeyGenerationTest, NoColumnListTakesTheColumnsFromMetadata) {
  sqlroute::Plan plan = engine_.Route("INSERT INTO t_account VALUES (1000, 'OK')");
  ASSERT_EQ(plan.units.size(), 1u);
  EXPECT_EQ(plan.units[0].sql, "INSERT INTO t_account_0(amount, status, account_id) VALUES (1000, 'OK', 5)");
}

TEST_F(KeyGenerationTest, SetFormAppendsAnAssignment) {
  sqlroute::Plan plan = engine_.Route("INSERT INTO t_account SET amount = 1000, status = 'OK'");
  ASSERT_EQ(plan.units.size(), 1u);
  EXPECT_EQ(plan.units[0].sql, "INSERT INTO t_account_0 SET amount = 1000, status = 'OK', account_id = 5");
}

TEST_F(KeyGenerationTest, AGivenKeyIsKept) {
  sqlroute::Plan plan = engine_.Route("INSERT INTO t_account (account_id, amount) VALUES (3, 10)");
  ASSERT_EQ(plan.units.size(), 1u);
  EXPECT_EQ(plan.units[0].data_source, "ds_1");
  EXPECT_EQ(plan.units[0].sql, "INSERT INTO t_account_1 (account_id, amount) VALUES (3, 10)");
}

TEST(SnowflakeRouteTest, GeneratedKeysAreIncreasingLongs) {
  sqlroute::Engine engine = sqlroute::Engine::FromYamlString(R"(
dataSources: {ds: {url: x}}
rules:
- !SHARDING
  tables:
    t_order:
      actualDataNodes: ds.t_order_${0..1}
      tableStrategy: {standard: {shardingColumn: order_id, shardingAlgorithmName: mod}}
      keyGenerateStrategy: {column: order_id, keyGeneratorName: snowflake}
  shardingAlgorithms:
    mod: {type: INLINE, props: {algorithm-expression: "t_order_${order_id % 2}"}}
  keyGenerators:
    snowflake: {type: SNOWFLAKE}
)");
  int64_t previous = 0;
  for (int i = 0; i < 50; ++i) {
    sqlroute::Plan plan = engine.Route("INSERT INTO t_order (status) VALUES (?)", {sqlroute::Value::String("x")});
    ASSERT_EQ(plan.units.size(), 1u);
    const sqlroute::Value& key = plan.units[0].params.back();
    ASSERT_EQ(key.kind(), sqlroute::Value::Kind::Long);
    EXPECT_GT(key.int_value(), previous);
    EXPECT_EQ(plan.units[0].sql, "INSERT INTO t_order_" + std::to_string(key.int_value() % 2) +
                                     " (status, order_id) VALUES (?, ?)");
    previous = key.int_value();
  }
}

}  // namespace
