// The `bound` key of the parse golden corpus (tests/golden/parse/*.yaml): each case's bound
// statement (bind_outline.h), bound with the file's `metadata`.
#include <gtest/gtest.h>
#include <yaml-cpp/yaml.h>

#include <filesystem>

#include "bind_outline.h"
#include "parser/sql_parser.h"

namespace sqlroute::bind {
namespace {

namespace fs = std::filesystem;

TEST(BindGoldenTest, BoundStatementsAsExpected) {
  std::size_t count = 0;
  for (const auto& file : fs::directory_iterator(fs::path(SQLROUTE_TESTS_DIR) / "golden" / "parse")) {
    if (file.path().extension() != ".yaml") continue;
    YAML::Node root = YAML::LoadFile(file.path().string());
    rules::CompiledRules rules;
    for (const auto& table : root["metadata"]) {
      rules.table_columns[table.first.as<std::string>()] = table.second.as<std::vector<std::string>>();
    }
    std::size_t index = 0;
    for (const auto& c : root["cases"]) {
      std::string where = file.path().filename().string() + "#" + std::to_string(index++);
      if (!c["bound"]) continue;
      std::string sql = c["sql"].as<std::string>();
      SCOPED_TRACE(where + ": " + sql);
      ast::Statement statement = parser::Parse(sql);
      EXPECT_EQ(Outline(statement, Bind(statement, rules)), c["bound"].as<std::vector<std::string>>());
      ++count;
    }
  }
  EXPECT_GE(count, 10u);
}

}  // namespace
}  // namespace sqlroute::bind
