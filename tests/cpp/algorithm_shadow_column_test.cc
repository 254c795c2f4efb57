// VALUE_MATCH and REGEX_MATCH (ShardingSphere's ColumnValueMatchedShadowAlgorithm and
// ColumnRegexMatchedShadowAlgorithm).
#include <gtest/gtest.h>

#include "sqlroute/algorithm.h"
#include "sqlroute/error.h"

namespace sqlroute {
namespace {

std::shared_ptr<const ShadowAlgorithm> Shadow(const std::string& type, const Props& props) {
  return AlgorithmRegistry::Global().CreateShadow(type, props, "rules.shadow.shadowAlgorithms.algo");
}

ShadowCheckInput Check(const std::string& operation, const std::string& column, std::vector<Value> values) {
  ShadowCheckInput input;
  input.operation = operation;
  input.table = "t_user";
  input.column = column;
  input.values = std::move(values);
  return input;
}

std::string PropsError(const std::string& type, const Props& props) {
  try {
    Shadow(type, props);
  } catch (const Error& error) {
    EXPECT_EQ(error.code(), ErrorCode::CONFIG_ALGORITHM_PROPS);
    EXPECT_EQ(error.config_path(), "rules.shadow.shadowAlgorithms.algo");
    return error.message();
  }
  ADD_FAILURE() << type << " accepted bad props";
  return "";
}

TEST(ShadowValueMatch, MatchesTheJavaTextOfTheValue) {
  auto algorithm = Shadow("VALUE_MATCH", {{"column", "status"}, {"operation", "insert"}, {"value", "1"}});
  EXPECT_FALSE(algorithm->IsHintAlgorithm());
  EXPECT_EQ(algorithm->column(), "status");
  EXPECT_EQ(algorithm->operation(), "insert");
  EXPECT_TRUE(algorithm->IsShadow(Check("insert", "status", {Value::Int(1)})));
  EXPECT_TRUE(algorithm->IsShadow(Check("insert", "status", {Value::String("1")})));
  EXPECT_TRUE(algorithm->IsShadow(Check("insert", "status", {Value::Long(1), Value::Int(1)})));
  EXPECT_FALSE(algorithm->IsShadow(Check("insert", "status", {Value::Int(0)})));
  EXPECT_FALSE(algorithm->IsShadow(Check("insert", "status", {Value::Double(1.0)})));  // "1.0"
  EXPECT_FALSE(algorithm->IsShadow(Check("insert", "status", {Value::Int(1), Value::Int(0)})));
  EXPECT_FALSE(algorithm->IsShadow(Check("insert", "status", {})));
}

TEST(ShadowValueMatch, OnlyForItsOperationAndExactColumn) {
  auto algorithm = Shadow("VALUE_MATCH", {{"column", "status"}, {"operation", "INSERT"}, {"value", "1"}});
  EXPECT_EQ(algorithm->operation(), "insert");
  EXPECT_FALSE(algorithm->IsShadow(Check("select", "status", {Value::Int(1)})));
  EXPECT_FALSE(algorithm->IsShadow(Check("insert", "STATUS", {Value::Int(1)})));
  EXPECT_FALSE(algorithm->IsShadow(Check("insert", "user_id", {Value::Int(1)})));
}

TEST(ShadowValueMatch, PropsValidation) {
  EXPECT_EQ(PropsError("VALUE_MATCH", {{"column", "status"}, {"operation", "merge"}, {"value", "1"}}),
            "Column shadow algorithm operation must be one of [select, insert, update, delete]");
  PropsError("VALUE_MATCH", {{"operation", "insert"}, {"value", "1"}});
  PropsError("VALUE_MATCH", {{"column", "status"}, {"value", "1"}});
  PropsError("VALUE_MATCH", {{"column", "status"}, {"operation", "insert"}});
}

TEST(ShadowRegexMatch, WholeStringMatch) {
  auto algorithm = Shadow("REGEX_MATCH", {{"column", "user_id"}, {"operation", "update"}, {"regex", "[1]"}});
  EXPECT_TRUE(algorithm->IsShadow(Check("update", "user_id", {Value::Int(1)})));
  EXPECT_FALSE(algorithm->IsShadow(Check("update", "user_id", {Value::Int(11)})));
  EXPECT_FALSE(algorithm->IsShadow(Check("delete", "user_id", {Value::Int(1)})));
}

TEST(ShadowRegexMatch, CommonJavaConstructs) {
  const std::vector<std::tuple<std::string, std::string, bool>> cases = {
      {"\\d{3}-\\d{4}", "555-1234", true},
      {"\\d{3}-\\d{4}", "555-12345", false},
      {"(foo|bar)+_\\w*", "foobar_x1", true},
      {"(?i)shadow_.*", "SHADOW_user", true},
      {"shadow_.*", "SHADOW_user", false},
      {"\\Atest\\z", "test", true},
      {"(?<prefix>ab)c", "abc", true},
      {"\\Q1+1\\E", "1+1", true},
      {"\\Q1+1\\E", "11", false},
      {"中.", "中国", true},  // '.' is one code point
      {"[^a-c]x", "dx", true},
      {"(?:ab){2}", "abab", true},
  };
  for (const auto& [regex, value, expected] : cases) {
    auto algorithm = Shadow("REGEX_MATCH", {{"column", "c"}, {"operation", "select"}, {"regex", regex}});
    EXPECT_EQ(algorithm->IsShadow(Check("select", "c", {Value::String(value)})), expected) << regex << " " << value;
  }
}

TEST(ShadowRegexMatch, UnsupportedOrBrokenPatternsAreRejected) {
  for (const char* regex : {"\\p{Alpha}+", "(abc", "a**", "(?s)a.b", "(?<=a)b"}) {
    std::string message = PropsError("REGEX_MATCH", {{"column", "c"}, {"operation", "select"}, {"regex", regex}});
    EXPECT_NE(message.find("regex"), std::string::npos) << regex;
  }
  PropsError("REGEX_MATCH", {{"column", "c"}, {"operation", "select"}});
}

}  // namespace
}  // namespace sqlroute
