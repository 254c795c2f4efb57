// The statement checklist of grammar/README.md (tests/golden/parse/manual.yaml, one case per
// statement of the MySQL manual's "SQL Statements" chapter): each case parses with its kind and
// tables, and round-trips through the model's spans: every table name replaced through its span
// gives a statement that parses to the same kind with the new names in the same places.
#include <gtest/gtest.h>
#include <yaml-cpp/yaml.h>

#include <algorithm>
#include <filesystem>

#include "parser/sql_parser.h"
#include "parser_span_check.h"
#include "sqlroute/error.h"

namespace sqlroute::parser {
namespace {

std::vector<std::string> TableNames(const ast::Statement& st) {
  std::vector<std::string> names;
  for (const auto& table : st.tables) names.push_back((table.schema ? table.schema->name + "." : "") + table.name.name);
  return names;
}

// The SQL with table i's name span replaced by "renamed_<i>", from the last span to the first.
std::string RenameTables(const ast::Statement& st) {
  std::vector<std::pair<ast::Span, size_t>> spans;
  for (size_t i = 0; i < st.tables.size(); ++i) spans.push_back({st.tables[i].name.span, i});
  std::sort(spans.begin(), spans.end(), [](const auto& a, const auto& b) { return a.first.begin > b.first.begin; });
  std::string sql = st.sql;
  for (const auto& [span, index] : spans) sql.replace(span.begin, span.end - span.begin, "renamed_" + std::to_string(index));
  return sql;
}

YAML::Node Checklist() {
  return YAML::LoadFile((std::filesystem::path(SQLROUTE_TESTS_DIR) / "golden" / "parse" / "manual.yaml").string());
}

TEST(ChecklistTest, EveryStatementParsesWithItsKindAndTablesAndRoundTrips) {
  size_t count = 0;
  for (const auto& c : Checklist()["cases"]) {
    const std::string sql = c["sql"].as<std::string>();
    SCOPED_TRACE(c["statement"].as<std::string>() + ": " + sql);
    ++count;
    ast::Statement st;
    try {
      st = Parse(sql);
    } catch (const Error& e) {
      ADD_FAILURE() << e.what();
      continue;
    }
    ExpectSpansWithin(st);
    EXPECT_EQ(ast::KindName(st.kind), c["kind"].as<std::string>());
    std::vector<std::string> expected;
    for (const auto& table : c["tables"]) expected.push_back(table.as<std::string>());
    EXPECT_EQ(TableNames(st), expected);

    const std::string renamed_sql = RenameTables(st);
    ast::Statement renamed;
    try {
      renamed = Parse(renamed_sql);
    } catch (const Error& e) {
      ADD_FAILURE() << renamed_sql << ": " << e.what();
      continue;
    }
    ExpectSpansWithin(renamed);
    EXPECT_EQ(renamed.kind, st.kind) << renamed_sql;
    ASSERT_EQ(renamed.tables.size(), st.tables.size()) << renamed_sql;
    for (size_t i = 0; i < st.tables.size(); ++i) {
      EXPECT_EQ(renamed.tables[i].name.name, "renamed_" + std::to_string(i)) << renamed_sql;
      EXPECT_EQ(renamed.tables[i].role, st.tables[i].role) << renamed_sql;
      EXPECT_EQ(renamed.tables[i].schema.has_value(), st.tables[i].schema.has_value()) << renamed_sql;
    }
    EXPECT_EQ(renamed.schema_names.size(), st.schema_names.size()) << renamed_sql;
    EXPECT_EQ(renamed.index_names.size(), st.index_names.size()) << renamed_sql;
  }
  EXPECT_GE(count, 180u);
}

TEST(ChecklistTest, EveryCaseNamesItsSectionAndStatementOnce) {
  std::set<std::string> seen;
  for (const auto& c : Checklist()["cases"]) {
    ASSERT_TRUE(c["section"] && c["statement"] && c["kind"] && c["tables"]) << c["sql"].as<std::string>();
    std::string key = c["section"].as<std::string>() + " / " + c["statement"].as<std::string>();
    EXPECT_TRUE(seen.insert(key).second) << "twice: " << key;
  }
}

}  // namespace
}  // namespace sqlroute::parser
