// Cutting runs of simple values before ANTLR parses (parser/value_runs.h) must not change the
// statement model: every statement of the parse corpus and the route goldens, and statements
// with long IN lists and many VALUES rows, give the same model with and without the cut.
#include <gtest/gtest.h>
#include <yaml-cpp/yaml.h>

#include <sstream>

#include "parser/nesting_scan.h"
#include "parser/parse_stats.h"
#include "parser/value_runs.h"
#include "parser/sql_parser.h"
#include "sqlroute/error.h"
#include "support/golden.h"

namespace sqlroute::parser {
namespace {

std::ostream& operator<<(std::ostream& out, ast::Span span) { return out << '[' << span.begin << ',' << span.end << ')'; }

void Put(std::ostream& out, int32_t number);
void Put(std::ostream& out, ast::Span span);
void Put(std::ostream& out, const ast::OrderItem& item);
void Put(std::ostream& out, const ast::Assignment& assignment);
void Put(std::ostream& out, const ast::Expr& expr);
void Put(std::ostream& out, const ast::TableRef& table);
void Put(std::ostream& out, const ast::Projection& item);
void Put(std::ostream& out, const ast::Join& join);
void Put(std::ostream& out, const ast::Query& query);
void Put(std::ostream& out, const ast::InsertRow& row);
void Put(std::ostream& out, const ast::Comment& comment);

void Put(std::ostream& out, const ast::Identifier& id) { out << id.name << id.span << (id.quoted ? "q" : "") << ' '; }
void Put(std::ostream& out, const std::optional<ast::Identifier>& id) {
  if (id) Put(out, *id);
  else out << "- ";
}
void Put(std::ostream& out, const ast::ColumnRef& column) {
  Put(out, column.schema);
  Put(out, column.owner);
  Put(out, column.name);
}
void Put(std::ostream& out, const Value& value) {
  out << Value::KindName(value.kind()) << ':' << value.ToDisplay() << ' ';
}
template <typename T>
void PutAll(std::ostream& out, const std::vector<T>& items) {
  out << '{';
  for (const auto& item : items) Put(out, item);
  out << "} ";
}
void Put(std::ostream& out, int32_t number) { out << number << ' '; }
void Put(std::ostream& out, ast::Span span) { out << span << ' '; }
void Put(std::ostream& out, const ast::OrderItem& item) {
  out << item.expr << item.span << item.descending << item.explicit_direction << item.position << ' ';
}
void Put(std::ostream& out, const std::optional<ast::LimitValue>& value) {
  if (value) out << (value->literal ? *value->literal : -1) << '/' << value->param_index << value->span << ' ';
}
void Put(std::ostream& out, const std::optional<ast::Limit>& limit) {
  if (!limit) return;
  Put(out, limit->offset);
  Put(out, limit->row_count);
  out << limit->span << ' ';
}
void Put(std::ostream& out, const ast::Assignment& assignment) {
  Put(out, assignment.column);
  out << assignment.value << assignment.span << assignment.column_span << ' ';
}
void Put(std::ostream& out, const ast::Expr& expr) {
  out << "\n  " << static_cast<int>(expr.kind) << expr.span << expr.op << ' ';
  PutAll(out, expr.children);
  if (expr.kind == ast::ExprKind::Column) Put(out, expr.column);
  Put(out, expr.literal);
  out << expr.param_index << ' ' << expr.subquery << expr.negated << expr.distinct << expr.star << expr.has_operand
      << expr.window;
}
void Put(std::ostream& out, const ast::TableRef& table) {
  out << "\n  ";
  Put(out, table.schema);
  Put(out, table.name);
  Put(out, table.alias);
  out << static_cast<int>(table.role) << ' ' << table.query << table.span;
}
void Put(std::ostream& out, const ast::Projection& item) {
  out << item.span << item.expr << item.star;
  Put(out, item.star_owner);
  Put(out, item.alias);
  out << static_cast<int>(item.aggregation) << ' ';
}
void Put(std::ostream& out, const ast::Join& join) {
  out << join.type << join.on;
  PutAll(out, join.using_columns);
}
void Put(std::ostream& out, const ast::Query& query) {
  out << "\n  " << query.span << query.parent;
  Put(out, query.alias);
  out << query.distinct;
  PutAll(out, query.projections);
  out << query.projections_span;
  PutAll(out, query.from_tables);
  PutAll(out, query.derived_tables);
  PutAll(out, query.joins);
  out << query.where;
  PutAll(out, query.group_by);
  out << query.with_rollup << query.having;
  PutAll(out, query.order_by);
  Put(out, query.limit);
  out << static_cast<int>(query.lock) << query.lock_span;
  PutAll(out, query.combined);
  out << query.combine_type;
}
void Put(std::ostream& out, const ast::InsertRow& row) {
  out << "\n  " << row.span;
  PutAll(out, row.values);
}
void Put(std::ostream& out, const ast::Comment& comment) { out << comment.text << comment.span << ' '; }

// Every field of the model, as text.
std::string Dump(const ast::Statement& st) {
  std::ostringstream out;
  out << ast::KindName(st.kind) << " main " << st.main_query << "\nexprs";
  PutAll(out, st.exprs);
  out << "\nqueries";
  PutAll(out, st.queries);
  out << "\ntables";
  PutAll(out, st.tables);
  out << "\nparams";
  PutAll(out, st.param_markers);
  PutAll(out, st.comments);
  const ast::InsertPart& insert = st.insert;
  out << "\ninsert " << insert.table;
  PutAll(out, insert.columns);
  out << insert.columns_span << insert.values_span;
  PutAll(out, insert.rows);
  out << insert.set_form;
  PutAll(out, insert.set_assignments);
  out << insert.select;
  PutAll(out, insert.on_duplicate);
  out << insert.on_duplicate_span << insert.ignore << "\nupdate";
  PutAll(out, st.update_set);
  out << st.where;
  PutAll(out, st.order_by);
  Put(out, st.limit);
  PutAll(out, st.column_definitions);
  PutAll(out, st.index_names);
  PutAll(out, st.constraint_names);
  PutAll(out, st.schema_names);
  out << st.has_subquery << st.has_combine << st.if_exists;
  return out.str();
}

// The dump of the model, or the error, with and without cutting.
std::pair<std::string, std::string> BothWays(const std::string& sql) {
  auto attempt = [&](bool cut) {
    ParseLimits limits;
    limits.cut_value_runs = cut;
    try {
      return Dump(Parse(sql, limits));
    } catch (const Error& e) {
      return std::string("error: ") + e.what();
    }
  };
  return {attempt(true), attempt(false)};
}

void ExpectSameModel(const std::string& sql) {
  auto [cut, whole] = BothWays(sql);
  EXPECT_EQ(cut, whole) << sql.substr(0, 300);
}

// Each statement gives the same model cut or whole, and its parse cuts a run (or none).
void ExpectSameModelCut(const std::vector<std::string>& statements, bool cut) {
  for (const auto& sql : statements) {
    uint64_t before = CutRunParseCount();
    ExpectSameModel(sql);
    if (cut) {
      EXPECT_GT(CutRunParseCount(), before) << sql.substr(0, 300);
    } else {
      EXPECT_EQ(CutRunParseCount(), before) << sql.substr(0, 300);
    }
  }
}

std::vector<std::string> CorpusStatements(const std::string& folder, const char* list_key) {
  std::vector<std::string> result;
  for (const auto& file : testing_support::GoldenFiles(folder)) {
    YAML::Node doc = YAML::LoadFile(file);
    for (const auto& each : doc[list_key]) {
      if (each["sql"]) result.push_back(each["sql"].as<std::string>());
    }
  }
  return result;
}

TEST(ValueRunsTest, ParseCorpusGivesTheSameModel) {
  auto statements = CorpusStatements("parse", "cases");
  ASSERT_GE(statements.size(), 600u);
  for (const auto& sql : statements) ExpectSameModel(sql);
}

TEST(ValueRunsTest, RouteGoldensGiveTheSameModel) {
  auto statements = CorpusStatements("route", "cases");
  ASSERT_GE(statements.size(), 100u);
  for (const auto& sql : statements) ExpectSameModel(sql);
}

std::string List(const std::vector<std::string>& items) {
  std::string text;
  for (const auto& item : items) text += (text.empty() ? "" : ", ") + item;
  return text;
}

// Every simple value form, with spacing that varies.
std::vector<std::string> MixedValues() {
  return {"1", "-7", "2147483648", "-2147483648", "9223372036854775808", "1.50", "-0.5", "7.", "'it''s'",
          "'a\\'b\\n'", "\"dq\"", "'é ü'", "NULL", "true", "FALSE", "?", "  42  ", "?", "''", "0"};
}

TEST(ValueRunsTest, LongInListsAreCutAndGiveTheSameModel) {
  std::string mixed = List(MixedValues());
  std::vector<std::string> statements = {
      "SELECT * FROM t WHERE id IN (" + mixed + ")",
      "SELECT * FROM t WHERE id NOT IN (" + mixed + ") AND k = ? OR c IN (" + mixed + ")",
      "SELECT * FROM t WHERE (a, b) IN ((1, 2), (3, 4)) AND id IN (" + mixed + ") LIMIT ?",
      "SELECT * FROM t WHERE id IN (SELECT id FROM u WHERE k IN (" + mixed + ")) /* c */ -- x\n",
      "UPDATE t SET c = ? WHERE id IN (" + mixed + ")",
      "DELETE FROM t WHERE id IN(" + mixed + ")",
      "SELECT CASE WHEN id IN (" + mixed + ") THEN 1 END FROM t",
  };
  ExpectSameModelCut(statements, true);
}

// The nesting scan passes over cut runs unread and still measures the whole text.
TEST(ValueRunsTest, NestingScanSkipsRunsWithTheSameResult) {
  std::string mixed = List(MixedValues());
  std::vector<std::string> statements = {
      "SELECT * FROM t WHERE NOT NOT id IN (" + mixed + ") AND (a IN (1, -2, -3, 4, 5, 6, 7, 8, 9))",
      "SELECT CASE WHEN id IN (" + mixed + ") THEN (SELECT 1 FROM u JOIN v) END FROM t",
      "INSERT INTO t VALUES (1, -2), (3, -4), (5, 6), (7, 8), ((9), 10)",
      "INSERT INTO t VALUES (1, -2), (3, -4), (5, 6), (7, 8) ON DUPLICATE KEY UPDATE a = ((1))",
      "SELECT 1 -- x IN (1, 2, 3, 4, 5, 6, 7, 8, 9)\n FROM t WHERE (((id IN (" + mixed + "))))",
      "SELECT 1 # c\r x IN (1, 2, 3, 4, 5, 6, 7, 8, 9)\n FROM t WHERE ((id IN (" + mixed + ")))",
      "SELECT '(' FROM t /* IN (1, 2, 3, 4, 5, 6, 7, 8, 9) */ WHERE ((id IN (" + mixed + ")))",
  };
  for (const auto& sql : statements) {
    std::vector<PlainStretch> plain;
    for (const auto& run : FindValueRuns(sql)) plain.push_back({run.anchor, run.end});
    EXPECT_FALSE(plain.empty()) << sql;
    Nesting whole = ScanNesting(sql);
    Nesting skipping = ScanNesting(sql, plain);
    EXPECT_EQ(skipping.depth, whole.depth) << sql;
    EXPECT_EQ(skipping.right_chains, whole.right_chains) << sql;
    EXPECT_EQ(std::max(skipping.depth, skipping.prefix_run), std::max(whole.depth, whole.prefix_run)) << sql;
  }
}

TEST(ValueRunsTest, ManyValuesRowsAreCutAndGiveTheSameModel) {
  std::vector<std::string> rows;
  for (int i = 0; i < 12; ++i) rows.push_back("(" + std::to_string(i) + ", " + MixedValues()[static_cast<size_t>(i)] + ", ?)");
  std::string values = List(rows);
  std::vector<std::string> statements = {
      "INSERT INTO t (a, b, c) VALUES " + values,
      "REPLACE t VALUE " + values + " , (1, NOW(), 3), " + values,
      "INSERT IGNORE INTO t (a, b, c) VALUES " + values + " AS new ON DUPLICATE KEY UPDATE b = new.b, c = VALUES(c)",
      "INSERT INTO t VALUES (), (), (), (), ()",
      "INSERT INTO t (a) VALUES (?), (?), (?), (?), (?) ;",
      "INSERT INTO t (a, b) VALUES " + values + " ON DUPLICATE KEY UPDATE b = a IN (" + List(MixedValues()) + "), c = ?",
  };
  ExpectSameModelCut(statements, true);
}

TEST(ValueRunsTest, LargeStatementsAreCutOnTheLargeStackToo) {
  std::vector<std::string> numbers, columns;
  for (int i = 0; i < 3000; ++i) numbers.push_back(std::to_string(i * 7));
  for (int i = 0; i < 1500; ++i) columns.push_back("column_" + std::to_string(i));
  // The column list is no run: what ANTLR sees stays larger than the caller's-stack limit.
  std::string sql = "SELECT * FROM t WHERE id IN (" + List(numbers) + ") AND c IN (" + List(columns) + ")";
  ExpectSameModelCut({sql}, true);
}

TEST(ValueRunsTest, RunsOutsideModelledListsAreParsedWhole) {
  std::string items = List({"1", "2", "3", "4", "5", "6", "7", "8", "9"});
  std::vector<std::string> statements = {
      "CREATE TABLE t (id INT) PARTITION BY LIST (id) (PARTITION p0 VALUES IN (" + items + "))",
      "SELECT POSITION('a' IN (" + items + ")) FROM t",
      "SELECT 'x IN (" + items + ")' FROM t",
      "SELECT * FROM t WHERE id IN (" + items + ", a)",
      "SELECT * FROM t WHERE id IN (" + items + " /* 10 */)",
      "SELECT /*!80000 1 IN (" + items + ") */ FROM t",
  };
  ExpectSameModelCut(statements, false);
}

TEST(ValueRunsTest, ErrorsAreThoseOfTheWholeText) {
  std::string items = List({"1", "2", "3", "4", "5", "6", "7", "8", "9"});
  std::vector<std::string> statements = {
      "SELECT * FROM t WHERE id IN (" + items + ") AND", "SELECT * FROM t WHERE IN (" + items + ")",
      "INSERT INTO t VALUES (1), (2), (3), (4), (5) WHERE", "SELECT * FROM t WHERE id IN (" + items + ", '\xff')"};
  for (const auto& sql : statements) {
    auto [cut, whole] = BothWays(sql);
    EXPECT_EQ(cut.rfind("error: ", 0), 0u) << sql;
    EXPECT_EQ(cut, whole) << sql;
  }
}

}  // namespace
}  // namespace sqlroute::parser
