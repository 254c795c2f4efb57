// Model details: spans, parameters, literal types, LIMIT, INSERT rows, comments and limits.
#include <gtest/gtest.h>

#include <chrono>

#include "parser/parse_stats.h"
#include "parser/sql_parser.h"
#include "parser_span_check.h"
#include "sqlroute/error.h"

namespace sqlroute::parser {
namespace {

using ast::ExprKind;

const ast::Expr& WhereOf(const ast::Statement& st) {
  return st.expr(st.queries[static_cast<size_t>(st.main_query)].where);
}

ErrorCode CodeOf(const std::string& sql, const ParseLimits& limits = {}) {
  try {
    Parse(sql, limits);
  } catch (const Error& e) {
    return e.code();
  }
  ADD_FAILURE() << "no error for " << sql.substr(0, 80);
  return ErrorCode::SQL_SYNTAX_ERROR;
}

TEST(ParserModelTest, PointSelectHasColumnEqualsParam) {
  auto st = Parse("SELECT c FROM sbtest1 WHERE id=?");
  ASSERT_EQ(st.queries.size(), 1u);
  const auto& where = WhereOf(st);
  ASSERT_EQ(where.kind, ExprKind::Binary);
  EXPECT_EQ(where.op, "=");
  EXPECT_EQ(st.expr(where.children[0]).column.name.name, "id");
  EXPECT_EQ(st.expr(where.children[1]).kind, ExprKind::Param);
  EXPECT_EQ(st.expr(where.children[1]).param_index, 0);
  EXPECT_EQ(st.text(where.span), "id=?");
  ASSERT_EQ(st.param_markers.size(), 1u);
  EXPECT_EQ(st.param_markers[0].begin, 31u);
}

TEST(ParserModelTest, ParamsAreNumberedInTextOrder) {
  auto st = Parse("SELECT ? FROM t WHERE a = ? AND b IN (SELECT c FROM u WHERE d = ?) LIMIT ?, ?");
  ASSERT_EQ(st.param_markers.size(), 5u);
  std::vector<int32_t> seen;
  for (const auto& expr : st.exprs) {
    if (expr.kind == ExprKind::Param) seen.push_back(expr.param_index);
  }
  std::sort(seen.begin(), seen.end());
  EXPECT_EQ(seen, (std::vector<int32_t>{0, 1, 2}));
  const auto& limit = *st.queries[0].limit;
  EXPECT_EQ(limit.offset->param_index, 3);
  EXPECT_EQ(limit.row_count->param_index, 4);
  EXPECT_TRUE(st.has_subquery);
}

TEST(ParserModelTest, LiteralsAreTyped) {
  auto st = Parse("SELECT 7, 2147483648, 9223372036854775808, 1.50, .5, 1e3, 'it''s\\n', NULL, TRUE, FALSE, "
                  "DATE '2024-01-31', TIME '10:00:00', TIMESTAMP '2024-01-31 10:00:00', X'00ff', 0x0F, b'101', "
                  "-5, N'n', _utf8mb4'u', 'a' 'b'");
  std::vector<Value> values;
  for (const auto& projection : st.queries[0].projections) values.push_back(st.expr(projection.expr).literal);
  ASSERT_EQ(values.size(), 20u);
  EXPECT_EQ(values[0], Value::Int(7));
  EXPECT_EQ(values[1], Value::Long(2147483648LL));
  EXPECT_EQ(values[2].kind(), Value::Kind::BigInt);
  EXPECT_EQ(values[3], Value::Decimal("1.50"));
  EXPECT_EQ(values[4], Value::Decimal("0.5"));
  EXPECT_EQ(values[5], Value::Double(1000));
  EXPECT_EQ(values[6], Value::String("it's\n"));
  EXPECT_TRUE(values[7].is_null());
  EXPECT_EQ(values[8], Value::Bool(true));
  EXPECT_EQ(values[9], Value::Bool(false));
  EXPECT_EQ(values[10], Value::Date("2024-01-31"));
  EXPECT_EQ(values[11], Value::Time("10:00:00"));
  EXPECT_EQ(values[12], Value::DateTime("2024-01-31 10:00:00"));
  EXPECT_EQ(values[13], Value::Bytes(std::string("\x00\xff", 2)));
  EXPECT_EQ(values[14], Value::Bytes("\x0f"));
  EXPECT_EQ(values[15], Value::Bytes("\x05"));
  EXPECT_EQ(values[16], Value::Int(-5));
  EXPECT_EQ(values[17], Value::String("n"));
  EXPECT_EQ(values[18], Value::String("u"));
  EXPECT_EQ(values[19], Value::String("ab"));
  EXPECT_EQ(st.text(st.expr(st.queries[0].projections[16].expr).span), "-5");
}

TEST(ParserModelTest, ProjectionsAliasesAndAggregates) {
  auto st = Parse("SELECT t.*, *, COUNT(DISTINCT a) AS n, SUM(b) s, MAX(c) OVER (PARTITION BY d), x 'y' FROM t");
  const auto& items = st.queries[0].projections;
  ASSERT_EQ(items.size(), 6u);
  EXPECT_TRUE(items[0].star);
  EXPECT_EQ(items[0].star_owner->name, "t");
  EXPECT_TRUE(items[1].star);
  EXPECT_FALSE(items[1].star_owner.has_value());
  EXPECT_EQ(items[2].aggregation, ast::AggregationKind::Count);
  EXPECT_TRUE(st.expr(items[2].expr).distinct);
  EXPECT_EQ(items[2].alias->name, "n");
  EXPECT_EQ(items[3].aggregation, ast::AggregationKind::Sum);
  EXPECT_EQ(items[3].alias->name, "s");
  EXPECT_EQ(items[4].aggregation, ast::AggregationKind::None);
  EXPECT_TRUE(st.expr(items[4].expr).window);
  EXPECT_EQ(items[5].alias->name, "y");
  EXPECT_EQ(st.text(st.queries[0].projections_span), "t.*, *, COUNT(DISTINCT a) AS n, SUM(b) s, MAX(c) OVER (PARTITION BY d), x 'y'");
  auto count = Parse("SELECT COUNT(*) FROM t");
  EXPECT_TRUE(count.expr(count.queries[0].projections[0].expr).star);
}

TEST(ParserModelTest, OrderGroupLimitAndLock) {
  auto st = Parse("SELECT a, b FROM t GROUP BY a, 2 WITH ROLLUP HAVING a > 1 ORDER BY a DESC, b LIMIT 5 OFFSET 10 FOR UPDATE NOWAIT");
  const auto& q = st.queries[0];
  ASSERT_EQ(q.group_by.size(), 2u);
  EXPECT_EQ(q.group_by[1].position, 2);
  EXPECT_TRUE(q.with_rollup);
  ASSERT_EQ(q.order_by.size(), 2u);
  EXPECT_TRUE(q.order_by[0].descending);
  EXPECT_TRUE(q.order_by[0].explicit_direction);
  EXPECT_EQ(st.text(q.order_by[0].span), "a DESC");
  EXPECT_FALSE(q.order_by[1].explicit_direction);
  EXPECT_EQ(*q.limit->offset->literal, 10);
  EXPECT_EQ(*q.limit->row_count->literal, 5);
  EXPECT_EQ(st.text(q.limit->span), "LIMIT 5 OFFSET 10");
  EXPECT_EQ(st.text(q.limit->row_count->span), "5");
  EXPECT_EQ(q.lock, ast::LockKind::ForUpdate);
  EXPECT_EQ(st.text(q.lock_span), "FOR UPDATE NOWAIT");
  auto comma = Parse("SELECT a FROM t LIMIT 3, 4 LOCK IN SHARE MODE");
  EXPECT_EQ(*comma.queries[0].limit->offset->literal, 3);
  EXPECT_EQ(*comma.queries[0].limit->row_count->literal, 4);
  EXPECT_EQ(comma.queries[0].lock, ast::LockKind::LockInShareMode);
}

TEST(ParserModelTest, TablesInEveryPosition) {
  auto st = Parse("SELECT * FROM db1.t1 AS a JOIN `t 2` b USING (id) LEFT JOIN (SELECT x FROM t3) d ON d.x = a.x "
                  "WHERE EXISTS (SELECT 1 FROM t4 WHERE t4.id = a.id)");
  ASSERT_EQ(st.tables.size(), 4u);
  EXPECT_EQ(st.tables[0].schema->name, "db1");
  EXPECT_EQ(st.tables[0].alias->name, "a");
  EXPECT_EQ(st.text(st.tables[0].span), "db1.t1 AS a");
  EXPECT_EQ(st.tables[1].name.name, "t 2");
  EXPECT_TRUE(st.tables[1].name.quoted);
  EXPECT_EQ(st.text(st.tables[1].name.span), "`t 2`");
  EXPECT_EQ(st.tables[2].name.name, "t3");
  EXPECT_NE(st.tables[2].query, 0);
  EXPECT_EQ(st.queries[static_cast<size_t>(st.tables[2].query)].parent, 0);
  EXPECT_EQ(st.tables[3].name.name, "t4");
  ASSERT_EQ(st.queries[0].joins.size(), 2u);
  EXPECT_EQ(st.queries[0].joins[0].using_columns[0].name, "id");
  EXPECT_EQ(st.queries[0].joins[1].type, "LEFT JOIN");
  ASSERT_EQ(st.queries[0].derived_tables.size(), 1u);
  EXPECT_EQ(st.queries[static_cast<size_t>(st.queries[0].derived_tables[0])].alias->name, "d");
  auto with = Parse("WITH c1 AS (SELECT 1) SELECT * FROM c1");
  EXPECT_EQ(with.queries[0].projections.size(), 1u);
  EXPECT_TRUE(with.queries[0].projections[0].star);
  EXPECT_EQ(with.queries[1].alias->name, "c1");
  ExpectSpansWithin(st);
}

TEST(ParserModelTest, SetOperationsLinkTheirBlocks) {
  auto st = Parse("SELECT a FROM t1 UNION ALL SELECT a FROM t2 EXCEPT SELECT a FROM t3 ORDER BY a LIMIT 2");
  EXPECT_TRUE(st.has_combine);
  EXPECT_EQ(st.main_query, 0);
  ASSERT_EQ(st.queries.size(), 3u);
  EXPECT_EQ(st.queries[0].combined, (std::vector<ast::QueryId>{1, 2}));
  EXPECT_EQ(st.queries[0].combine_type, "UNION ALL");
  EXPECT_EQ(st.queries[0].order_by.size(), 1u);
  EXPECT_TRUE(st.queries[0].limit.has_value());
  EXPECT_EQ(st.tables[2].query, 2);
  EXPECT_EQ(st.text(st.queries[1].span), "SELECT a FROM t2");
}

TEST(ParserModelTest, InsertRowsColumnsAndDuplicateUpdate) {
  auto st = Parse("INSERT IGNORE INTO t (a, `b`) VALUES (1, ?), (DEFAULT, 'x') AS n ON DUPLICATE KEY UPDATE a = VALUES(a), b = n.b");
  const auto& insert = st.insert;
  EXPECT_TRUE(insert.ignore);
  EXPECT_EQ(insert.table, 0);
  ASSERT_EQ(insert.columns.size(), 2u);
  EXPECT_EQ(insert.columns[1].name, "b");
  EXPECT_EQ(st.text(insert.columns_span), "(a, `b`)");
  ASSERT_EQ(insert.rows.size(), 2u);
  EXPECT_EQ(st.text(insert.rows[0].span), "(1, ?)");
  EXPECT_EQ(st.text(insert.values_span), "(1, ?), (DEFAULT, 'x')");
  EXPECT_EQ(st.expr(insert.rows[1].values[0]).kind, ExprKind::Default);
  EXPECT_EQ(st.text(st.expr(insert.rows[1].values[1]).span), "'x'");
  ASSERT_EQ(insert.on_duplicate.size(), 2u);
  EXPECT_EQ(st.expr(insert.on_duplicate[0].value).op, "VALUES");
  EXPECT_EQ(st.text(insert.on_duplicate_span), "ON DUPLICATE KEY UPDATE a = VALUES(a), b = n.b");
  auto set_form = Parse("REPLACE INTO t SET a = 1, b = ?");
  EXPECT_EQ(set_form.kind, ast::StatementKind::Replace);
  EXPECT_TRUE(set_form.insert.set_form);
  EXPECT_EQ(set_form.insert.set_assignments.size(), 2u);
  auto select = Parse("INSERT INTO t (a) SELECT b FROM u WHERE c = 1");
  EXPECT_NE(select.insert.select, ast::kNoQuery);
  EXPECT_EQ(select.tables[1].role, ast::TableRole::From);
}

TEST(ParserModelTest, UpdateAndDeleteClauses) {
  auto st = Parse("UPDATE t SET a = a + 1, b = ? WHERE id = ? ORDER BY id LIMIT 10");
  ASSERT_EQ(st.update_set.size(), 2u);
  EXPECT_EQ(st.text(st.update_set[0].span), "a = a + 1");
  EXPECT_EQ(st.text(st.update_set[0].column_span), "a");
  EXPECT_NE(st.where, ast::kNoExpr);
  EXPECT_EQ(st.order_by.size(), 1u);
  EXPECT_EQ(*st.limit->row_count->literal, 10);
  auto multi = Parse("DELETE t1, t2 FROM t1 JOIN t2 ON t1.id = t2.id WHERE t1.id = 1");
  ASSERT_EQ(multi.tables.size(), 4u);
  EXPECT_EQ(multi.tables[0].role, ast::TableRole::DeleteTarget);
  EXPECT_EQ(multi.tables[2].role, ast::TableRole::From);
}

TEST(ParserModelTest, ExpressionShapes) {
  auto st = Parse("SELECT * FROM t WHERE a NOT IN (1, 2) AND b NOT BETWEEN 1 AND 3 AND c LIKE 'x%' ESCAPE '!' "
                  "AND d IS NOT NULL AND e IS TRUE AND CASE f WHEN 1 THEN 2 ELSE 3 END = 2 AND g -> '$.h' = 1 "
                  "AND h = INTERVAL 1 DAY + NOW() AND (i, j) = (1, 2) AND k = ANY (SELECT 1) AND CAST(l AS CHAR) = 'x'");
  std::vector<ExprKind> kinds;
  for (const auto& e : st.exprs) kinds.push_back(e.kind);
  auto has = [&](ExprKind kind) { return std::count(kinds.begin(), kinds.end(), kind) > 0; };
  EXPECT_TRUE(has(ExprKind::In));
  EXPECT_TRUE(has(ExprKind::Between));
  EXPECT_TRUE(has(ExprKind::Like));
  EXPECT_TRUE(has(ExprKind::IsNull));
  EXPECT_TRUE(has(ExprKind::IsBool));
  EXPECT_TRUE(has(ExprKind::Case));
  EXPECT_TRUE(has(ExprKind::Interval));
  EXPECT_TRUE(has(ExprKind::Row));
  EXPECT_TRUE(has(ExprKind::Subquery));
  const auto& in = *std::find_if(st.exprs.begin(), st.exprs.end(), [](const ast::Expr& e) { return e.kind == ExprKind::In; });
  EXPECT_TRUE(in.negated);
  EXPECT_EQ(in.children.size(), 3u);
}

TEST(ParserModelTest, OperatorPrecedenceFollowsMySql) {
  auto st = Parse("SELECT * FROM t WHERE a = 1 OR b = 2 AND NOT c = 3 XOR d");
  const auto& top = WhereOf(st);
  EXPECT_EQ(top.op, "OR");
  const auto& right = st.expr(top.children[1]);
  EXPECT_EQ(right.op, "XOR");
  EXPECT_EQ(st.expr(right.children[0]).op, "AND");
  auto arithmetic = Parse("SELECT 1 + 2 * 3 - 4");
  const auto& sum = arithmetic.expr(arithmetic.queries[0].projections[0].expr);
  EXPECT_EQ(sum.op, "-");
  EXPECT_EQ(arithmetic.expr(sum.children[0]).op, "+");
  EXPECT_EQ(arithmetic.expr(arithmetic.expr(sum.children[0]).children[1]).op, "*");
}

TEST(ParserModelTest, CommentsAreKeptInOrder) {
  auto st = Parse("/* lead */ SELECT /*+ SET_VAR(x=1) */ a -- tail\n FROM t # end\n WHERE /*!50000 b = 1 */");
  ASSERT_EQ(st.comments.size(), 5u);
  EXPECT_EQ(st.comments[0].text, "/* lead */");
  EXPECT_EQ(st.comments[1].text, "/*+ SET_VAR(x=1) */");
  EXPECT_EQ(st.comments[2].text, "-- tail");
  EXPECT_EQ(st.comments[3].text, "# end");
  EXPECT_EQ(st.comments[4].text, "/*!50000 b = 1 */");
  EXPECT_NE(st.queries[0].where, ast::kNoExpr);  // the versioned comment's content is SQL
}

TEST(ParserModelTest, NonAsciiSpansAreBytes) {
  auto st = Parse("SELECT '数据' AS `名字`, c FROM `表一` WHERE name = 'é' AND id = ?");
  ExpectSpansWithin(st);
  EXPECT_EQ(st.tables[0].name.name, "表一");
  EXPECT_EQ(st.text(st.tables[0].name.span), "`表一`");
  EXPECT_EQ(st.queries[0].projections[0].alias->name, "名字");
  EXPECT_EQ(st.text(st.param_markers[0]), "?");
  EXPECT_EQ(st.expr(st.queries[0].projections[0].expr).literal, Value::String("数据"));
}

TEST(ParserModelTest, SyntaxErrorsNameTokenAndPosition) {
  try {
    Parse("SELECT a\nFROM t WHERE WHERE");
    FAIL();
  } catch (const Error& e) {
    EXPECT_EQ(e.code(), ErrorCode::SQL_SYNTAX_ERROR);
    EXPECT_EQ(e.position()->line, 2);
    EXPECT_EQ(e.position()->column, 14);
    EXPECT_NE(e.message().find("'WHERE'"), std::string::npos) << e.message();
  }
  EXPECT_EQ(CodeOf("SELECT 'unterminated"), ErrorCode::SQL_SYNTAX_ERROR);
  EXPECT_EQ(CodeOf("SELECT (1"), ErrorCode::SQL_SYNTAX_ERROR);
  EXPECT_EQ(CodeOf(std::string("SELECT '\xff'")), ErrorCode::SQL_SYNTAX_ERROR);
  EXPECT_EQ(CodeOf(""), ErrorCode::SQL_EMPTY);
  EXPECT_EQ(CodeOf("  /* only */ -- comment\n ;"), ErrorCode::SQL_EMPTY);
}

TEST(ParserModelTest, DepthIsBounded) {
  std::string deep = "SELECT " + std::string(1001, '(') + "1" + std::string(1001, ')');
  EXPECT_EQ(CodeOf(deep), ErrorCode::SQL_TOO_COMPLEX);
  std::string ok = "SELECT " + std::string(1000, '(') + "1" + std::string(1000, ')');
  EXPECT_EQ(Parse(ok).queries.size(), 1u);
  std::string nots = "SELECT 1 FROM t WHERE ";
  for (int i = 0; i < 2000; ++i) nots += "NOT ";
  EXPECT_EQ(CodeOf(nots + "a"), ErrorCode::SQL_TOO_COMPLEX);
  std::string intervals = "SELECT ";
  for (int i = 0; i < 15000; ++i) intervals += "INTERVAL ";
  intervals += "1";
  for (int i = 0; i < 15000; ++i) intervals += " DAY";
  EXPECT_NO_THROW(Parse(intervals));
  std::string assignments = "SELECT ";
  for (int i = 0; i < 30000; ++i) assignments += "@a := ";
  EXPECT_EQ(CodeOf(assignments + "1"), ErrorCode::SQL_TOO_COMPLEX);
  std::string binaries = "SELECT ";
  for (int i = 0; i < 5000; ++i) binaries += "BINARY ";
  EXPECT_EQ(CodeOf(binaries + "1"), ErrorCode::SQL_TOO_COMPLEX);
  ParseLimits small;
  small.max_sql_bytes = 10;
  EXPECT_EQ(CodeOf("SELECT 1 FROM t", small), ErrorCode::SQL_TOO_LARGE);
}

TEST(ParserModelTest, TenThousandOrTerms) {
  std::string sql = "SELECT * FROM t WHERE id = 0";
  for (int i = 1; i < 10000; ++i) sql += " OR id = " + std::to_string(i);
  auto st = Parse(sql);
  const auto& top = WhereOf(st);
  EXPECT_EQ(top.op, "OR");
  EXPECT_EQ(st.text(top.span), sql.substr(22));
}

TEST(ParserModelTest, MegabyteStatementParsesInBoundedTime) {
  std::string sql = "INSERT INTO t (a, b) VALUES (0, 'x')";
  for (int i = 1; sql.size() < (1u << 20); ++i) sql += ", (" + std::to_string(i) + ", 'x')";
  auto start = std::chrono::steady_clock::now();
  auto st = Parse(sql);
  auto seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  EXPECT_GT(st.insert.rows.size(), 50000u);
  EXPECT_LT(seconds, 20.0);
}

TEST(ParserModelTest, DdlNames) {
  auto st = Parse("CREATE TABLE IF NOT EXISTS t (id INT, uid INT, KEY idx_uid (uid), CONSTRAINT fk FOREIGN KEY (uid) "
                  "REFERENCES u (id), UNIQUE KEY uk (id)) ENGINE=InnoDB");
  EXPECT_TRUE(st.if_exists);
  ASSERT_EQ(st.tables.size(), 2u);
  EXPECT_EQ(st.tables[1].role, ast::TableRole::DdlReference);
  ASSERT_EQ(st.index_names.size(), 2u);
  EXPECT_EQ(st.index_names[0].name, "idx_uid");
  EXPECT_EQ(st.index_names[1].name, "uk");
  ASSERT_EQ(st.constraint_names.size(), 1u);
  EXPECT_EQ(st.constraint_names[0].name, "fk");
}

TEST(ParserModelTest, SetAutocommitAndTransactions) {
  EXPECT_EQ(Parse("SET autocommit = 0").kind, ast::StatementKind::SetAutocommit);
  EXPECT_EQ(Parse("SET @@session.autocommit = ON").kind, ast::StatementKind::SetAutocommit);
  EXPECT_EQ(Parse("SET NAMES utf8mb4").kind, ast::StatementKind::Set);
  EXPECT_EQ(Parse("START TRANSACTION READ ONLY").kind, ast::StatementKind::Begin);
}

TEST(ParserModelTest, CommonStatementsNeedNoFullLlStage) {
  const char* const statements[] = {
      "SELECT c FROM sbtest1 WHERE id=?", "SELECT c FROM sbtest1 WHERE id BETWEEN ? AND ?",
      "SELECT SUM(k) FROM sbtest1 WHERE id BETWEEN ? AND ?",
      "SELECT DISTINCT c FROM sbtest1 WHERE id BETWEEN ? AND ? ORDER BY c", "UPDATE sbtest1 SET k=k+1 WHERE id=?",
      "UPDATE sbtest1 SET c=? WHERE id=?", "DELETE FROM sbtest1 WHERE id=?",
      "INSERT INTO sbtest1 (id, k, c, pad) VALUES (?, ?, ?, ?)",
      "SELECT o.*, i.price FROM t_order o JOIN t_order_item i ON o.id = i.oid WHERE o.uid IN (?, ?) LIMIT 10",
      "INSERT INTO t (a, b) VALUES (1, 'x'), (2, NULL) ON DUPLICATE KEY UPDATE b = VALUES(b)"};
  uint64_t before = FullLlParseCount();
  for (const char* sql : statements) Parse(sql);
  EXPECT_EQ(FullLlParseCount(), before);
  Parse("CREATE TABLE t (b NATIONAL CHAR(10))");  // NATIONAL may also name a type: SLL cannot decide
  EXPECT_EQ(FullLlParseCount(), before + 1);
}

TEST(ParserModelTest, WarmStatementsTakeTheFastPath) {
  WarmUp();
  auto start = std::chrono::steady_clock::now();
  for (int i = 0; i < 1000; ++i) Parse("SELECT c FROM sbtest1 WHERE id=?");
  auto micros = std::chrono::duration<double, std::micro>(std::chrono::steady_clock::now() - start).count() / 1000;
  EXPECT_LT(micros, 1000.0);  // a loose bound; the benchmark measures the real figure
}

}  // namespace
}  // namespace sqlroute::parser
