// sqlroute/rule_set_views.h and sqlroute/sql_masking.h: what a proxy reads of a rule set for its
// SHOW statements, the server-wide props under a rule file's, and its own statements masked.
#include <gtest/gtest.h>
#include <sqlroute/rule_set_views.h>
#include <sqlroute/sql_masking.h>
#include <sqlroute/sqlroute.h>

namespace sqlroute {
namespace {

constexpr const char* kRules = R"(
databaseName: logic_db
dataSources:
  ds_0: {url: "jdbc:mysql://127.0.0.1:3306/ds_0"}
  ds_1: {url: "jdbc:mysql://127.0.0.1:3306/ds_1"}
rules:
- !SHARDING
  tables:
    t_order:
      actualDataNodes: ds_${0..1}.t_order_${0..1}
      databaseStrategy: {standard: {shardingColumn: user_id, shardingAlgorithmName: by_user}}
      tableStrategy: {standard: {shardingColumn: order_id, shardingAlgorithmName: by_order}}
  autoTables:
    t_auto:
      actualDataSources: ds_0,ds_1
      shardingStrategy: {standard: {shardingColumn: id, shardingAlgorithmName: auto_mod}}
  shardingAlgorithms:
    by_user: {type: INLINE, props: {algorithm-expression: "ds_${user_id % 2}"}}
    by_order: {type: INLINE, props: {algorithm-expression: "t_order_${order_id % 2}"}}
    auto_mod: {type: MOD, props: {sharding-count: 3}}
- !SINGLE
  tables: ["ds_1.*"]
)";

std::string Nodes(const std::vector<DataNodeView>& nodes) {
  std::string text;
  for (const DataNodeView& node : nodes) text += (text.empty() ? "" : " ") + node.data_source + "." + node.table;
  return text;
}

TEST(RuleSetViews, ShardingTableNodesInConfiguredOrder) {
  auto nodes = ShardingTableNodes(*RuleSet::FromYamlString(kRules));
  ASSERT_EQ(nodes.size(), 2u);
  EXPECT_EQ(nodes[0].first, "t_order");
  EXPECT_EQ(Nodes(nodes[0].second), "ds_0.t_order_0 ds_0.t_order_1 ds_1.t_order_0 ds_1.t_order_1");
  EXPECT_EQ(nodes[1].first, "t_auto");
  EXPECT_EQ(Nodes(nodes[1].second), "ds_0.t_auto_0 ds_1.t_auto_1 ds_0.t_auto_2");
}

TEST(RuleSetViews, SingleTableNodesAreTheTablesTheMetadataPlaces) {
  auto rules = RuleSet::FromYamlString(kRules)->WithDiscoveredMetadata(
      R"({"ds_0": {"t_other": {"columns": ["id"]}}, "ds_1": {"t_b": {"columns": ["id"]}, "t_a": {"columns": ["id"]}}})");
  EXPECT_EQ(Nodes(SingleTableNodes(*rules)), "ds_1.t_a ds_1.t_b");
  EXPECT_TRUE(SingleTableNodes(*RuleSet::FromYamlString(kRules)).empty());
}

std::string UnitSql(const std::shared_ptr<const RuleSet>& rules, const std::string& data_source) {
  Plan plan = Engine(rules).Route("SELECT * FROM t_order WHERE user_id IN (1, 2) AND order_id = 4");
  for (const SqlUnit& unit : plan.units) {
    if (unit.data_source == data_source) return unit.sql;
  }
  return "";
}

TEST(RuleSetViews, DefaultPropsApplyUnderTheRuleSetsOwn) {
  Props server{{"in-list-split-enabled", "true"}, {"sql-show", "false"}};
  auto plain = RuleSet::FromYamlString(kRules);
  auto with_server = WithDefaultProps(*plain, server);
  EXPECT_EQ(UnitSql(plain, "ds_0"), "SELECT * FROM t_order_0 WHERE user_id IN (1, 2) AND order_id = 4");
  EXPECT_EQ(UnitSql(with_server, "ds_0"), "SELECT * FROM t_order_0 WHERE user_id IN (2) AND order_id = 4");
  auto own = RuleSet::FromYamlString(std::string(kRules) + "props:\n  in-list-split-enabled: false\n");
  EXPECT_EQ(UnitSql(WithDefaultProps(*own, server), "ds_0"),
            "SELECT * FROM t_order_0 WHERE user_id IN (1, 2) AND order_id = 4");
  EXPECT_EQ(plain->ExportYaml().find("in-list-split-enabled"), std::string::npos);  // `plain` is unchanged
}

TEST(SqlMasking, EveryLiteralMasked) {
  EXPECT_EQ(MaskLiterals("REGISTER STORAGE UNIT ds (HOST='h', PORT=3306, PASSWORD=\"p w\")"),
            "REGISTER STORAGE UNIT ds (HOST=***, PORT=***, PASSWORD=***)");
  EXPECT_EQ(MaskLiterals("SET NAMES utf8mb4"), "SET NAMES utf8mb4");
  EXPECT_EQ(MaskLiterals("SET @a = 'unterminated"), "***");
}

}  // namespace
}  // namespace sqlroute
