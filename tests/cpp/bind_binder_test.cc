// bind::Bind: table governance, query-block scopes, correlated references, derived tables,
// USING / NATURAL joins, `*` expansion, value slots and the ambiguity error.
#include <gtest/gtest.h>

#include "bind/bound_statement.h"
#include "bind_outline.h"
#include "config/yaml_loader.h"
#include "parser/sql_parser.h"
#include "sqlroute/error.h"

namespace sqlroute::bind {
namespace {

using Lines = std::vector<std::string>;

const char* kRules = R"(
databaseName: db
dataSources:
  ds_0: {url: "jdbc:mysql://127.0.0.1:3306/db_0"}
  ds_1: {url: "jdbc:mysql://127.0.0.1:3306/db_1"}
rules:
- !SHARDING
  tables:
    t_order:
      actualDataNodes: ds_${0..1}.t_order_${0..1}
      tableStrategy: {standard: {shardingColumn: order_id, shardingAlgorithmName: order_mod}}
    t_item:
      actualDataNodes: ds_${0..1}.t_item_${0..1}
      tableStrategy: {standard: {shardingColumn: order_id, shardingAlgorithmName: order_mod}}
    t_log:
      actualDataNodes: ds_${0..1}.t_log
      databaseStrategy: {standard: {shardingColumn: log_id, shardingAlgorithmName: order_mod}}
    t_audit:
      actualDataNodes: ds_${0..1}.t_audit
      databaseStrategy: {standard: {shardingColumn: log_id, shardingAlgorithmName: order_mod}}
  bindingTables: [t_order,t_item]
  shardingAlgorithms:
    order_mod: {type: MOD, props: {sharding-count: 2}}
- !BROADCAST
  tables: [t_dict]
- !ENCRYPT
  tables:
    t_user:
      columns:
        password: {cipher: {name: password_cipher, encryptorName: aes}}
  encryptors:
    aes: {type: AES, props: {aes-key-value: 123456abc}}
metadata:
  t_order: [order_id, user_id, status]
  t_item: [item_id, order_id, user_id, price]
  t_user: [user_id, name, password]
)";

const rules::CompiledRules& Rules() {
  static const std::shared_ptr<const rules::CompiledRules> compiled = rules::Compile(config::LoadYamlString(kRules));
  return *compiled;
}

Lines Bound(const std::string& sql) {
  ast::Statement statement = parser::Parse(sql);
  return Outline(statement, Bind(statement, Rules()));
}

TEST(Binder, TablesResolveToWhatGovernsThem) {
  ast::Statement statement = parser::Parse("SELECT * FROM t_order, t_log, t_dict, t_user, t_other");
  BoundStatement bound = Bind(statement, Rules());
  ASSERT_EQ(bound.tables.size(), 5u);
  EXPECT_EQ(bound.tables[0].governance, Governance::BindingGroup);
  EXPECT_EQ(bound.tables[0].sharding, Rules().sharding->Find("t_order"));
  EXPECT_EQ(bound.tables[1].governance, Governance::Sharding);
  EXPECT_EQ(bound.tables[2].governance, Governance::Broadcast);
  EXPECT_EQ(bound.tables[3].governance, Governance::None);
  EXPECT_NE(bound.tables[3].encrypt, nullptr);
  EXPECT_EQ(bound.tables[4].governance, Governance::None);
  EXPECT_EQ(bound.tables[4].columns, nullptr);
  EXPECT_NE(bound.tables[0].columns, nullptr);
}

TEST(Binder, UnqualifiedColumnsBelongToTheTableWhoseMetadataListsThem) {
  EXPECT_EQ(Bound("SELECT status, price FROM t_order o JOIN t_item i ON o.order_id = i.order_id WHERE item_id = ?"),
            (Lines{"status -> o", "price -> i", "o.order_id -> o", "i.order_id -> i", "item_id -> i", "slot 0: ?"}));
}

TEST(Binder, EachQueryBlockHasItsOwnScope) {
  EXPECT_EQ(Bound("SELECT user_id FROM t_user WHERE user_id IN (SELECT user_id FROM t_order WHERE status = 'A')"),
            (Lines{"user_id -> t_user", "user_id -> t_user", "user_id -> t_order", "status -> t_order", "slot 0: 'A'"}));
}

TEST(Binder, ACorrelatedReferenceBelongsToTheEnclosingBlock) {
  EXPECT_EQ(Bound("SELECT name FROM t_user u WHERE EXISTS (SELECT 1 FROM t_order o WHERE o.user_id = u.user_id "
                  "AND name = status)"),
            (Lines{"name -> u", "slot 0: 1", "o.user_id -> o", "u.user_id -> outer u", "name -> outer u",
                   "status -> o"}));
}

TEST(Binder, ADerivedTableOwnsTheColumnsItProjects) {
  EXPECT_EQ(Bound("SELECT d.uid, total FROM (SELECT user_id AS uid, price * 2 AS total FROM t_item) d WHERE uid > 3"),
            (Lines{"d.uid -> d.uid", "total -> d.total", "user_id -> t_item", "price -> t_item", "slot 0: 2",
                   "uid -> d.uid", "slot 1: 3"}));
}

TEST(Binder, OrderByAndHavingSeeProjectionAliasesGroupByTheTablesFirst) {
  EXPECT_EQ(Bound("SELECT user_id AS status, COUNT(*) AS n FROM t_order GROUP BY status HAVING n > 1 ORDER BY status"),
            (Lines{"user_id -> t_order", "status -> t_order", "n -> AS n", "slot 0: 1", "status -> AS status"}));
}

TEST(Binder, AUsingColumnIsOneColumnOfTheJoinedTables) {
  EXPECT_EQ(Bound("SELECT order_id, user_id FROM t_order JOIN t_item USING (order_id, user_id)"),
            (Lines{"order_id -> t_order", "user_id -> t_order"}));
  EXPECT_EQ(Bound("SELECT order_id FROM t_order RIGHT JOIN t_item USING (order_id)"), (Lines{"order_id -> t_item"}));
}

TEST(Binder, ANaturalJoinCoalescesTheCommonColumns) {
  EXPECT_EQ(Bound("SELECT user_id FROM t_order NATURAL JOIN t_item"), (Lines{"user_id -> t_order"}));
}

TEST(Binder, StarsExpandFromMetadata) {
  EXPECT_EQ(Bound("SELECT i.*, o.* FROM t_item i, t_order o"),
            (Lines{"i.* -> i.item_id, i.order_id, i.user_id, i.price", "o.* -> o.order_id, o.user_id, o.status"}));
  EXPECT_EQ(Bound("SELECT * FROM t_user, t_other"), (Lines{"* -> t_user.user_id, t_user.name, t_user.password, ..."}));
  EXPECT_EQ(Bound("SELECT d.name FROM (SELECT * FROM t_user) d"),
            (Lines{"d.name -> d.*", "* -> t_user.user_id, t_user.name, t_user.password"}));
}

TEST(Binder, WithoutMetadataTheRulesNameTheColumns) {
  EXPECT_EQ(Bound("SELECT x FROM t_log JOIN t_other ON log_id = y"), (Lines{"x -> ?", "log_id -> t_log", "y -> ?"}));
  EXPECT_EQ(Bound("SELECT x FROM t_log"), (Lines{"x -> t_log"}));
  EXPECT_EQ(Bound("SELECT log_id FROM t_log JOIN t_audit USING (log_id) WHERE x = 1"),
            (Lines{"log_id -> t_log", "x -> ?", "slot 0: 1"}));
  EXPECT_EQ(Bound("SELECT log_id FROM t_log JOIN t_audit ON x = 1"), (Lines{"log_id -> ?", "x -> ?", "slot 0: 1"}));
}

TEST(Binder, UpdateAssignmentsAndValuesAreBound) {
  EXPECT_EQ(Bound("UPDATE t_user SET name = ?, password = 'x' WHERE user_id = 5"),
            (Lines{"SET name -> t_user", "slot 0: ?", "SET password -> t_user", "slot 1: 'x'", "user_id -> t_user",
                   "slot 2: 5"}));
}

TEST(Binder, AMultiTableDeleteTargetNamesItsTableByAlias) {
  ast::Statement statement = parser::Parse("DELETE o FROM t_order o JOIN t_item i ON o.order_id = i.order_id");
  BoundStatement bound = Bind(statement, Rules());
  const ast::Expr& on = statement.expr(statement.joins.front().on);
  const ColumnOwner& owner = bound.owner(on.children.front());
  ASSERT_EQ(owner.kind, OwnerKind::Table);
  EXPECT_EQ(statement.tables[static_cast<std::size_t>(owner.table)].name.name, "t_order");
  EXPECT_EQ(bound.table(owner.table).sharding, Rules().sharding->Find("t_order"));
}

TEST(Binder, ValueSlotsNumberLiteralsAndParametersInSourceOrder) {
  ast::Statement statement = parser::Parse("SELECT ? FROM t_order WHERE order_id IN (1, ?, 'a') LIMIT 3");
  BoundStatement bound = Bind(statement, Rules());
  ASSERT_EQ(bound.slots.size(), 4u);
  EXPECT_EQ(bound.slots[0].param_index, 0);
  EXPECT_EQ(bound.slots[1].param_index, -1);
  EXPECT_EQ(bound.slots[2].param_index, 1);
  EXPECT_EQ(statement.text(statement.expr(bound.slots[3].expr).span), "'a'");
  EXPECT_EQ(bound.exprs[static_cast<std::size_t>(bound.slots[2].expr)].slot, 2);
}

TEST(Binder, AColumnTheMetadataOfTwoTablesListsIsAmbiguous) {
  try {
    Bound("SELECT status\n  FROM t_order o JOIN t_item i ON o.order_id = i.order_id WHERE user_id = 1");
    FAIL() << "expected COLUMN_AMBIGUOUS";
  } catch (const Error& error) {
    EXPECT_EQ(error.code(), ErrorCode::COLUMN_AMBIGUOUS);
    EXPECT_EQ(error.message(), "Column 'user_id' in where clause is ambiguous.");
    ASSERT_TRUE(error.position().has_value());
    EXPECT_EQ(error.position()->line, 2);
    EXPECT_EQ(error.position()->column, 65);
  }
}

// ShardingSphere takes a CTE's column when the CTE comes first (it stops at a CTE's columns) and
// fails as MySQL does when a table that has the column comes before it.
TEST(Binder, ACteColumnComesBeforeTheTablesAfterIt) {
  const char* cte = "WITH a AS (SELECT user_id FROM t_order) ";
  EXPECT_EQ(Bound(std::string(cte) + "SELECT user_id FROM a, t_user"), (Lines{"user_id -> t_order", "user_id -> a.user_id"}));
  try {
    Bound(std::string(cte) + "SELECT user_id FROM t_user, a");
    FAIL() << "expected COLUMN_AMBIGUOUS";
  } catch (const Error& error) {
    EXPECT_EQ(error.code(), ErrorCode::COLUMN_AMBIGUOUS);
    EXPECT_EQ(error.message(), "Column 'user_id' in field list is ambiguous.");
  }
}

TEST(Binder, TheSysbenchPointSelectBindsWithAHandfulOfAllocations) {
  ast::Statement statement = parser::Parse("SELECT c FROM sbtest1 WHERE id=?");
  BoundStatement bound = Bind(statement, Rules());
  EXPECT_EQ(Outline(statement, bound), (Lines{"c -> sbtest1", "id -> sbtest1", "slot 0: ?"}));
  EXPECT_EQ(bound.stars.capacity() + bound.star_tables.capacity() + bound.star_columns.capacity(), 0u);
  EXPECT_EQ(bound.update_owners.capacity() + bound.duplicate_owners.capacity(), 0u);
}

}  // namespace
}  // namespace sqlroute::bind
