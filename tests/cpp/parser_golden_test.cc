// Runs the parse golden corpus (tests/golden/parse/*.yaml) and checks every parsed statement's
// spans against its text.
#include <gtest/gtest.h>
#include <yaml-cpp/yaml.h>

#include <filesystem>
#include <set>

#include "ast/statement_outline.h"
#include "parser/sql_parser.h"
#include "parser_span_check.h"
#include "sqlroute/error.h"

namespace sqlroute::parser {
namespace {

namespace fs = std::filesystem;

std::vector<std::string> Names(const std::vector<ast::Identifier>& ids) {
  std::vector<std::string> names;
  for (const auto& id : ids) names.push_back(id.name);
  return names;
}

std::vector<std::string> StringList(const YAML::Node& node) {
  std::vector<std::string> list;
  for (const auto& item : node) list.push_back(item.as<std::string>());
  return list;
}

void CheckCase(const YAML::Node& c, const std::string& where) {
  static const std::set<std::string> kKeys = {"sql", "kind", "tables", "roles", "schemas", "indexes",
                                              "constraints", "params", "comments", "joins", "variables",
                                              "windows", "call_orders", "error", "section", "statement",
                                              "bound"};
  for (const auto& entry : c) {
    ASSERT_TRUE(kKeys.count(entry.first.as<std::string>())) << where << ": unknown key " << entry.first.as<std::string>();
  }
  std::string sql = c["sql"].as<std::string>();
  SCOPED_TRACE(where + ": " + sql.substr(0, 200));
  if (c["error"]) {
    const YAML::Node& error = c["error"];
    try {
      Parse(sql);
      ADD_FAILURE() << "expected " << error["code"].as<std::string>();
    } catch (const Error& e) {
      EXPECT_EQ(ErrorCodeName(e.code()), error["code"].as<std::string>()) << e.what();
      if (error["position"]) {
        ASSERT_TRUE(e.position().has_value());
        EXPECT_EQ(std::to_string(e.position()->line) + ":" + std::to_string(e.position()->column),
                  error["position"].as<std::string>()) << e.what();
      }
      if (error["message"]) EXPECT_EQ(e.message(), error["message"].as<std::string>());
    }
    return;
  }
  ast::Statement st;
  try {
    st = Parse(sql);
  } catch (const Error& e) {
    ADD_FAILURE() << e.what();
    return;
  }
  ExpectSpansWithin(st);
  if (c["kind"]) EXPECT_EQ(ast::KindName(st.kind), c["kind"].as<std::string>());
  if (c["tables"]) {
    std::vector<std::string> names;
    for (const auto& table : st.tables) names.push_back((table.schema ? table.schema->name + "." : "") + table.name.name);
    EXPECT_EQ(names, StringList(c["tables"]));
  }
  if (c["roles"]) {
    std::vector<std::string> roles;
    for (const auto& table : st.tables) roles.push_back(ast::TableRoleName(table.role));
    EXPECT_EQ(roles, StringList(c["roles"]));
  }
  if (c["schemas"]) EXPECT_EQ(Names(st.schema_names), StringList(c["schemas"]));
  if (c["indexes"]) EXPECT_EQ(Names(st.index_names), StringList(c["indexes"]));
  if (c["constraints"]) EXPECT_EQ(Names(st.constraint_names), StringList(c["constraints"]));
  if (c["params"]) EXPECT_EQ(st.param_markers.size(), c["params"].as<size_t>());
  if (c["comments"]) EXPECT_EQ(st.comments.size(), c["comments"].as<size_t>());
  if (c["joins"]) EXPECT_EQ(ast::JoinOutlines(st), StringList(c["joins"]));
  if (c["variables"]) EXPECT_EQ(ast::VariableOutlines(st), StringList(c["variables"]));
  if (c["windows"]) EXPECT_EQ(ast::WindowOutlines(st), StringList(c["windows"]));
  if (c["call_orders"]) EXPECT_EQ(ast::CallOrderOutlines(st), StringList(c["call_orders"]));
}

TEST(ParserGoldenTest, CorpusParsesAsExpected) {
  fs::path dir = fs::path(SQLROUTE_TESTS_DIR) / "golden" / "parse";
  size_t count = 0;
  for (const auto& file : fs::directory_iterator(dir)) {
    if (file.path().extension() != ".yaml") continue;
    YAML::Node root = YAML::LoadFile(file.path().string());
    size_t index = 0;
    for (const auto& c : root["cases"]) {
      CheckCase(c, file.path().filename().string() + "#" + std::to_string(index++));
      ++count;
    }
  }
  EXPECT_GE(count, 600u);
}

}  // namespace
}  // namespace sqlroute::parser
