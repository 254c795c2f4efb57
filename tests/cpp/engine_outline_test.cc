// OutlineStatement and OutlineRules through the public headers only.
#include <gtest/gtest.h>

#include <sqlroute/sqlroute.h>

namespace {

using Pair = std::pair<std::string, std::string>;

TEST(OutlineTest, StatementTablesParamsAndJoins) {
  const sqlroute::StatementOutline outline =
      sqlroute::OutlineStatement("SELECT a FROM db.t1 AS x JOIN t2 ON x.id = t2.id WHERE a = ? AND b = ?");
  EXPECT_EQ(outline.kind, "SELECT");
  ASSERT_EQ(outline.tables.size(), 2u);
  EXPECT_EQ(outline.tables[0].name, "t1");
  EXPECT_EQ(outline.tables[0].schema, "db");
  EXPECT_EQ(outline.tables[0].alias, "x");
  EXPECT_EQ(outline.tables[0].role, "from");
  EXPECT_EQ(outline.tables[1].name, "t2");
  EXPECT_FALSE(outline.tables[1].schema.has_value());
  EXPECT_FALSE(outline.tables[1].alias.has_value());
  EXPECT_EQ(outline.params, 2u);
  EXPECT_EQ(outline.joins, std::vector<std::string>{"JOIN ON x.id = t2.id"});
}

TEST(OutlineTest, StatementRolesAndComments) {
  const sqlroute::StatementOutline outline = sqlroute::OutlineStatement("UPDATE /* c */ t SET a = 1");
  EXPECT_EQ(outline.kind, "UPDATE");
  ASSERT_EQ(outline.tables.size(), 1u);
  EXPECT_EQ(outline.tables[0].role, "update");
  EXPECT_EQ(outline.comments, std::vector<std::string>{"/* c */"});
}

TEST(OutlineTest, StatementSyntaxErrorHasItsPosition) {
  try {
    sqlroute::OutlineStatement("SELECT *\nFROM WHERE");
    FAIL() << "no error";
  } catch (const sqlroute::Error& error) {
    EXPECT_EQ(error.code(), sqlroute::ErrorCode::SQL_SYNTAX_ERROR);
    ASSERT_TRUE(error.position().has_value());
    EXPECT_EQ(error.position()->line, 2);
  }
}

constexpr char kRules[] = R"(
databaseName: outline_db
dataSources:
  ds_0: {url: "jdbc:mysql://127.0.0.1:3306/ds_0"}
  ds_1: {url: "jdbc:mysql://127.0.0.1:3306/ds_1"}
  ds_0_shadow: {url: "jdbc:mysql://127.0.0.1:3307/ds_0"}
  primary: {url: "jdbc:mysql://127.0.0.1:3306/app"}
  replica: {url: "jdbc:mysql://127.0.0.1:3308/app"}
rules:
- !SHARDING
  tables:
    t_order:
      actualDataNodes: ds_${0..1}.t_order_${0..1}
      databaseStrategy:
        standard: {shardingColumn: user_id, shardingAlgorithmName: db_inline}
      tableStrategy:
        standard: {shardingColumn: order_id, shardingAlgorithmName: table_inline}
    t_order_item:
      actualDataNodes: ds_${0..1}.t_order_item_${0..1}
      databaseStrategy:
        standard: {shardingColumn: user_id, shardingAlgorithmName: db_inline}
      tableStrategy:
        standard: {shardingColumn: order_id, shardingAlgorithmName: item_inline}
  bindingTables: ["t_order, t_order_item"]
  shardingAlgorithms:
    db_inline: {type: INLINE, props: {algorithm-expression: "ds_${user_id % 2}", secret-token: hidden}}
    table_inline: {type: INLINE, props: {algorithm-expression: "t_order_${order_id % 2}"}}
    item_inline: {type: INLINE, props: {algorithm-expression: "t_order_item_${order_id % 2}"}}
- !BROADCAST
  tables: [T_Config]
- !READWRITE_SPLITTING
  dataSourceGroups:
    app: {writeDataSourceName: primary, readDataSourceNames: [replica]}
- !SHADOW
  dataSources:
    shadow_0: {productionDataSourceName: ds_0, shadowDataSourceName: ds_0_shadow}
  tables:
    t_order: {dataSourceNames: [shadow_0], shadowAlgorithmNames: [hint]}
  shadowAlgorithms:
    hint: {type: SQL_HINT}
)";

TEST(OutlineTest, RulesLayout) {
  const sqlroute::RulesOutline outline = sqlroute::OutlineRules(*sqlroute::RuleSet::FromYamlString(kRules));
  EXPECT_EQ(outline.data_sources, (std::vector<std::string>{"app", "ds_0", "ds_1"}));  // logic data sources
  ASSERT_EQ(outline.sharding_tables.size(), 2u);
  const sqlroute::ShardingTableOutline& order = outline.sharding_tables[0];
  EXPECT_EQ(order.name, "t_order");
  EXPECT_FALSE(order.auto_table);
  EXPECT_EQ(order.nodes, (std::vector<Pair>{{"ds_0", "t_order_0"}, {"ds_0", "t_order_1"}, {"ds_1", "t_order_0"},
                                            {"ds_1", "t_order_1"}}));
  EXPECT_EQ(order.database_strategy.kind, "standard");
  EXPECT_EQ(order.database_strategy.columns, std::vector<std::string>{"user_id"});
  EXPECT_EQ(order.database_strategy.algorithm, "db_inline");
  EXPECT_EQ(order.database_strategy.type, "INLINE");
  EXPECT_EQ(order.database_strategy.props, (std::vector<Pair>{{"algorithm-expression", "ds_${user_id % 2}"}}));
  EXPECT_EQ(order.table_strategy.algorithm, "table_inline");
  EXPECT_EQ(outline.binding_groups, (std::vector<std::vector<std::string>>{{"t_order", "t_order_item"}}));
  ASSERT_EQ(outline.readwrite_groups.size(), 1u);
  EXPECT_EQ(outline.readwrite_groups[0].name, "app");
  EXPECT_EQ(outline.readwrite_groups[0].write, "primary");
  EXPECT_EQ(outline.readwrite_groups[0].reads, std::vector<std::string>{"replica"});
  EXPECT_EQ(outline.shadow_data_sources, (std::vector<Pair>{{"ds_0", "ds_0_shadow"}}));
  EXPECT_EQ(outline.broadcast_tables, std::vector<std::string>{"t_config"});
}

TEST(OutlineTest, AutoTableWithoutStrategyOnOneLevel) {
  const std::string example = std::string(SQLROUTE_TESTS_DIR) + "/../examples/sharding.yaml";
  const sqlroute::RulesOutline outline = sqlroute::OutlineRules(*sqlroute::RuleSet::FromYamlFile(example));
  ASSERT_EQ(outline.sharding_tables.size(), 1u);
  const sqlroute::ShardingTableOutline& user = outline.sharding_tables[0];
  EXPECT_TRUE(user.auto_table);
  ASSERT_EQ(user.nodes.size(), 10u);
  EXPECT_EQ(user.nodes[7], (Pair{"ds_3", "t_user_7"}));
  EXPECT_EQ(user.database_strategy.kind, "none");
  EXPECT_EQ(user.database_strategy.type, "");
  EXPECT_EQ(user.table_strategy.type, "MOD");
  EXPECT_TRUE(outline.binding_groups.empty() && outline.readwrite_groups.empty() && outline.broadcast_tables.empty());
}

}  // namespace
