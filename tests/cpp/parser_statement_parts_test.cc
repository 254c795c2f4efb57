// Model parts beyond the golden outlines: the spans and expressions of SET items, windows,
// ORDER BY inside calls and the joins of nested joins and of UPDATE / DELETE.
#include <gtest/gtest.h>

#include "parser/parse_stats.h"
#include "parser/sql_parser.h"
#include "parser_span_check.h"
#include "sqlroute/error.h"

namespace sqlroute::parser {
namespace {

using ast::ExprKind;

TEST(ParserStatementPartsTest, SetItemsKeepScopeNameAndValueSpans) {
  auto st = Parse("SET GLOBAL max_connections = 100, @v := ?, @@session.sql_mode = DEFAULT, NAMES utf8mb4");
  ExpectSpansWithin(st);
  ASSERT_EQ(st.set_variables.size(), 4u);
  const auto& global = st.set_variables[0];
  EXPECT_EQ(global.scope, ast::VariableScope::Global);
  EXPECT_EQ(st.text(global.span), "GLOBAL max_connections = 100");
  EXPECT_EQ(st.text(global.name_span), "max_connections");
  EXPECT_EQ(st.text(global.value_span), "100");
  EXPECT_EQ(st.expr(global.value).kind, ExprKind::Literal);
  const auto& user = st.set_variables[1];
  EXPECT_EQ(user.scope, ast::VariableScope::User);
  EXPECT_EQ(user.name, "v");
  EXPECT_EQ(st.text(user.name_span), "@v");
  EXPECT_EQ(st.expr(user.value).kind, ExprKind::Param);
  EXPECT_EQ(st.expr(user.value).param_index, 0);
  const auto& system = st.set_variables[2];
  EXPECT_EQ(system.scope, ast::VariableScope::Session);
  EXPECT_EQ(system.name, "sql_mode");
  EXPECT_EQ(st.text(system.name_span), "@@session.sql_mode");
  EXPECT_EQ(st.expr(system.value).kind, ExprKind::Default);
  const auto& names = st.set_variables[3];
  EXPECT_EQ(names.name, "NAMES");
  EXPECT_EQ(names.value, ast::kNoExpr);
  EXPECT_EQ(st.text(names.value_span), "utf8mb4");
}

TEST(ParserStatementPartsTest, WindowsPointAtTheirCallAndItems) {
  auto st = Parse("SELECT ROW_NUMBER() OVER (PARTITION BY t.g ORDER BY t.ts DESC, id) FROM t WINDOW w AS (ORDER BY ?)");
  ExpectSpansWithin(st);
  ASSERT_EQ(st.windows.size(), 2u);
  const auto& over = st.windows[0];
  ASSERT_NE(over.function, ast::kNoExpr);
  EXPECT_EQ(st.expr(over.function).op, "ROW_NUMBER");
  EXPECT_TRUE(st.expr(over.function).window);
  EXPECT_EQ(st.text(over.span), "OVER (PARTITION BY t.g ORDER BY t.ts DESC, id)");
  ASSERT_EQ(over.partition_by.size(), 1u);
  EXPECT_EQ(st.expr(over.partition_by[0]).column.owner->name, "t");
  ASSERT_EQ(over.order_by.size(), 2u);
  EXPECT_TRUE(over.order_by[0].descending);
  EXPECT_EQ(st.text(over.order_by[0].span), "t.ts DESC");
  EXPECT_EQ(st.expr(over.order_by[1].expr).column.name.name, "id");
  const auto& named = st.windows[1];
  EXPECT_EQ(named.function, ast::kNoExpr);
  EXPECT_EQ(named.name->name, "w");
  EXPECT_EQ(st.expr(named.order_by[0].expr).param_index, 0);
}

TEST(ParserStatementPartsTest, CallOrderPointsAtItsAggregate) {
  auto st = Parse("SELECT GROUP_CONCAT(DISTINCT name ORDER BY name DESC SEPARATOR ',') AS names FROM t_user");
  ExpectSpansWithin(st);
  ASSERT_EQ(st.call_orders.size(), 1u);
  const auto& call = st.call_orders[0];
  EXPECT_EQ(st.text(call.span), "ORDER BY name DESC");
  EXPECT_EQ(st.expr(call.function).op, "GROUP_CONCAT");
  EXPECT_EQ(call.function, st.queries[0].projections[0].expr);
  EXPECT_EQ(st.queries[0].projections[0].aggregation, ast::AggregationKind::GroupConcat);
  ASSERT_EQ(call.order_by.size(), 1u);
  EXPECT_TRUE(call.order_by[0].descending);
}

TEST(ParserStatementPartsTest, NestedJoinConditionsFollowTheirTables) {
  auto st = Parse("SELECT * FROM a JOIN b JOIN c ON b.x = c.x ON a.y = b.y");
  const auto& joins = st.queries[0].joins;
  ASSERT_EQ(joins.size(), 2u);
  EXPECT_EQ(st.text(st.expr(joins[0].on).span), "a.y = b.y");
  EXPECT_EQ(st.text(st.expr(joins[1].on).span), "b.x = c.x");
  EXPECT_EQ(st.queries[0].from_tables.size(), 3u);
}

TEST(ParserStatementPartsTest, UpdateAndDeleteKeepTheirJoins) {
  auto update = Parse("UPDATE t_order o JOIN t_item i ON o.id = i.oid SET o.s = 1");
  ASSERT_EQ(update.joins.size(), 1u);
  EXPECT_EQ(update.expr(update.joins[0].on).op, "=");
  auto remove = Parse("DELETE o FROM t_order o LEFT JOIN t_item i USING (oid)");
  ASSERT_EQ(remove.joins.size(), 1u);
  EXPECT_EQ(remove.joins[0].type, "LEFT JOIN");
  EXPECT_EQ(remove.text(remove.joins[0].using_columns[0].span), "oid");
}

TEST(ParserStatementPartsTest, JoinsWithoutNestingNeedNoFullLlStage) {
  uint64_t before = FullLlParseCount();
  Parse("SELECT * FROM a JOIN b JOIN c ON b.x = c.x WHERE a.id = ?");
  Parse("SELECT * FROM a LEFT JOIN b ON a.x = b.x JOIN c USING (y) CROSS JOIN d");
  Parse("UPDATE a JOIN b ON a.x = b.x SET a.v = 1");
  EXPECT_EQ(FullLlParseCount(), before);
}

TEST(ParserStatementPartsTest, DeeplyNestedJoinsParseAndEndlessChainsAreRefused) {
  std::string nested = "SELECT * FROM t0";
  std::string conditions;
  for (int i = 1; i <= 2000; ++i) {
    nested += " JOIN t" + std::to_string(i);
    conditions = " ON t" + std::to_string(i) + ".x = t" + std::to_string(i - 1) + ".x" + conditions;
  }
  auto st = Parse(nested + conditions);
  ASSERT_EQ(st.tables.size(), 2001u);
  ASSERT_EQ(st.queries[0].joins.size(), 2000u);
  EXPECT_EQ(st.text(st.expr(st.queries[0].joins[0].on).span), "t1.x = t0.x");
  EXPECT_EQ(st.text(st.expr(st.queries[0].joins[1999].on).span), "t2000.x = t1999.x");
  std::string endless = "SELECT * FROM t0";
  for (int i = 1; i <= 30000; ++i) endless += " JOIN t";
  try {
    Parse(endless);
    ADD_FAILURE() << "no error for 30,000 joins";
  } catch (const Error& e) {
    EXPECT_EQ(e.code(), ErrorCode::SQL_TOO_COMPLEX);
  }
}

}  // namespace
}  // namespace sqlroute::parser
