// The bad-input catalogue: each hostile or malformed input gives its typed error (and position
// where one makes sense), never a crash, hang or unbounded allocation. Size limits and their
// defaults: SQL length and nesting in parser/sql_parser.h (ParseLimits), inline expansion in
// expr/inline_errors.h (kMaxExpandedItems, kMaxExpandedBytes), YAML aliases in config/yaml_document.h.
#include <gtest/gtest.h>

#include <functional>
#include <string>
#include <vector>

#include <sqlroute/sqlroute.h>

#include "expr/inline_expression.h"

namespace {

using sqlroute::Engine;
using sqlroute::Error;
using sqlroute::ErrorCode;
using sqlroute::Value;

// The code of the sqlroute::Error `action` throws (fails the test if it returns or throws another type).
ErrorCode CodeOf(const std::function<void()>& action, std::string* position = nullptr) {
  try {
    action();
  } catch (const Error& error) {
    if (position && error.position()) {
      *position = std::to_string(error.position()->line) + ":" + std::to_string(error.position()->column);
    }
    return error.code();
  }
  ADD_FAILURE() << "no error";
  return ErrorCode::INTERNAL_ERROR;
}

const Engine& Sharding() {
  static const Engine engine = Engine::FromYamlFile(std::string(SQLROUTE_TESTS_DIR) + "/golden/rules/sysbench_sharding.yaml");
  return engine;
}

ErrorCode RouteError(const std::string& sql, const std::vector<Value>& params = {}, std::string* position = nullptr) {
  return CodeOf([&] { Sharding().Route(sql, params); }, position);
}

ErrorCode YamlError(const std::string& yaml) {
  return CodeOf([&] { sqlroute::RuleSet::FromYamlString(yaml); });
}

// --- SQL text

TEST(BadSqlTest, EmptyAndCommentOnlyStatementsAreEmpty) {
  EXPECT_EQ(RouteError(""), ErrorCode::SQL_EMPTY);
  EXPECT_EQ(RouteError("  \n\t "), ErrorCode::SQL_EMPTY);
  EXPECT_EQ(RouteError("/* nothing */ -- here\n# either"), ErrorCode::SQL_EMPTY);
  EXPECT_EQ(RouteError(";"), ErrorCode::SQL_EMPTY);
}

TEST(BadSqlTest, TenMegabyteStatementRoutesOrFailsCleanly) {
  std::string big = "SELECT * FROM t_user WHERE id = 1 AND c = '" + std::string(10u << 20, 'x') + "'";
  sqlroute::Plan plan = Sharding().Route(big);
  ASSERT_EQ(plan.units.size(), 1u);
  EXPECT_EQ(plan.units[0].sql.size(), big.size() + 2);  // t_user -> t_user_1
  std::string too_big = "SELECT '" + std::string(17u << 20, 'x') + "'";
  EXPECT_EQ(RouteError(too_big), ErrorCode::SQL_TOO_LARGE);
}

TEST(BadSqlTest, DeepNestingIsTooComplex) {
  auto nested = [](int depth) { return "SELECT " + std::string(depth, '(') + "1" + std::string(depth, ')'); };
  EXPECT_NO_THROW(Sharding().Route(nested(200)));
  EXPECT_EQ(RouteError(nested(1001)), ErrorCode::SQL_TOO_COMPLEX);
  EXPECT_EQ(RouteError(nested(100000)), ErrorCode::SQL_TOO_COMPLEX);
  std::string subqueries = "SELECT * FROM t_user WHERE id IN " + std::string(1001, '(') + "SELECT 1" + std::string(1001, ')');
  EXPECT_EQ(RouteError(subqueries), ErrorCode::SQL_TOO_COMPLEX);
  EXPECT_EQ(RouteError("SELECT " + std::string(5000, '-') + "1"), ErrorCode::SQL_TOO_COMPLEX);
}

TEST(BadSqlTest, TenThousandOrTermsRoute) {
  std::string sql = "SELECT * FROM t_user WHERE id = 0";
  for (int i = 1; i < 10000; ++i) sql += " OR id = " + std::to_string(i);
  EXPECT_EQ(Sharding().Route(sql).route_units.size(), 10u);
}

TEST(BadSqlTest, HugeInListRoutes) {
  std::string sql = "SELECT * FROM t_user WHERE id IN (0";
  for (int i = 1; i < 100000; ++i) sql += ", " + std::to_string(i);
  EXPECT_EQ(Sharding().Route(sql + ")").route_units.size(), 10u);
}

TEST(BadSqlTest, InvalidUtf8AndNulBytesAreSyntaxErrors) {
  EXPECT_EQ(RouteError("SELECT * FROM t_user WHERE c = '\xff\xfe'"), ErrorCode::SQL_SYNTAX_ERROR);
  EXPECT_EQ(RouteError("SELECT \xc3"), ErrorCode::SQL_SYNTAX_ERROR);
  std::string position;
  EXPECT_EQ(RouteError(std::string("SELECT 1\0, 2", 12), {}, &position), ErrorCode::SQL_SYNTAX_ERROR);
  EXPECT_EQ(position, "1:9");
}

TEST(BadSqlTest, UnterminatedStringsAndCommentsAreSyntaxErrors) {
  std::string position;
  EXPECT_EQ(RouteError("SELECT * FROM t_user WHERE c = 'abc", {}, &position), ErrorCode::SQL_SYNTAX_ERROR);
  EXPECT_EQ(position, "1:32");
  EXPECT_EQ(RouteError("SELECT * FROM t_user WHERE c = \"abc"), ErrorCode::SQL_SYNTAX_ERROR);
  EXPECT_EQ(RouteError("SELECT * FROM `t_user"), ErrorCode::SQL_SYNTAX_ERROR);
  EXPECT_EQ(RouteError("SELECT 1 /* open"), ErrorCode::SQL_SYNTAX_ERROR);
}

// --- parameters: too few is an error; values beyond the markers pass through as ShardingSphere
// passes them (tests/golden/route/sharding_queries.yaml).

TEST(BadParamsTest, TooFewParameters) {
  EXPECT_EQ(RouteError("SELECT * FROM t_user WHERE id = ?"), ErrorCode::PARAMETER_MISSING);
  EXPECT_EQ(RouteError("SELECT * FROM t_user WHERE id = ? AND k = ?", {Value::Int(1)}), ErrorCode::PARAMETER_MISSING);
}

TEST(BadParamsTest, WrongTypesAndNullShardingValues) {
  EXPECT_EQ(RouteError("SELECT * FROM t_user WHERE id = ?", {Value::String("abc")}), ErrorCode::SHARDING_VALUE_INVALID);
  EXPECT_EQ(RouteError("SELECT * FROM t_user WHERE id = ?", {Value::Null()}), ErrorCode::SHARDING_VALUE_NULL);
  EXPECT_EQ(RouteError("INSERT INTO t_user (id, k) VALUES (?, 1)", {Value::Null()}), ErrorCode::SHARDING_VALUE_NULL);
  EXPECT_EQ(RouteError("SELECT * FROM t_user LIMIT ?", {Value::String("x")}), ErrorCode::PARAMETER_INVALID);
}

// --- comment hints

TEST(BadHintTest, MalformedHints) {
  std::string position;
  EXPECT_EQ(RouteError("/* SHARDINGSPHERE_HINT: WRITE_ROUTE_ONLY=true SELECT 1", {}, &position), ErrorCode::HINT_INVALID);
  EXPECT_EQ(position, "1:1");
  EXPECT_EQ(RouteError("/* SHARDINGSPHERE_HINT: NO_SUCH_KEY=1 */ SELECT 1"), ErrorCode::HINT_INVALID);
  EXPECT_EQ(RouteError("/* SHARDINGSPHERE_HINT: WRITE_ROUTE_ONLY */ SELECT 1"), ErrorCode::HINT_INVALID);
  EXPECT_EQ(RouteError("/* SHARDINGSPHERE_HINT: DATA_SOURCE_NAME=ds_9 */ SELECT * FROM t_user"),
            ErrorCode::HINT_DATA_SOURCE_NOT_EXISTS);
  EXPECT_EQ(RouteError("/* SHARDINGSPHERE_HINT: WRITE_ROUTE_ONLY=maybe */ SELECT 1"), ErrorCode::HINT_INVALID);
  EXPECT_EQ(RouteError("/* SHARDINGSPHERE_HINT: DATA_SOURCE_NAME=ds_0 */"), ErrorCode::SQL_EMPTY);
}

// --- YAML rules

constexpr const char* kDataSources = "dataSources:\n  ds_0: {url: \"jdbc:mysql://h/d\"}\n";

TEST(BadYamlTest, SyntaxTypesKeysAndTags) {
  EXPECT_EQ(YamlError("dataSources:\n\tds_0: {url: x}\n"), ErrorCode::CONFIG_YAML_SYNTAX);
  EXPECT_EQ(YamlError("rules: [\n"), ErrorCode::CONFIG_YAML_SYNTAX);
  EXPECT_EQ(YamlError("dataSources: [1, 2]\n"), ErrorCode::CONFIG_INVALID_VALUE);
  EXPECT_EQ(YamlError(std::string(kDataSources) + "rules:\n- !SHARDING\n  tables: 5\n"), ErrorCode::CONFIG_INVALID_VALUE);
  EXPECT_EQ(YamlError(std::string(kDataSources) + "nonsense: 1\n"), ErrorCode::CONFIG_UNKNOWN_KEY);
  EXPECT_EQ(YamlError(std::string(kDataSources) + "rules:\n- !NO_SUCH_RULE\n  a: 1\n"), ErrorCode::CONFIG_UNKNOWN_RULE);
  EXPECT_EQ(YamlError("\xff\xfe: 1\n"), ErrorCode::CONFIG_INVALID_VALUE);
  EXPECT_EQ(YamlError(std::string("a: \0", 4)), ErrorCode::CONFIG_YAML_SYNTAX);
}

TEST(BadYamlTest, AliasBombsAreBounded) {
  std::string laughs = "a0: &a0 [lol, lol, lol, lol, lol, lol, lol, lol, lol, lol]\n";
  for (int i = 1; i < 10; ++i) {
    std::string prev = "*a" + std::to_string(i - 1);
    laughs += "a" + std::to_string(i) + ": &a" + std::to_string(i) + " [" + prev;
    for (int j = 1; j < 10; ++j) laughs += ", " + prev;
    laughs += "]\n";
  }
  EXPECT_EQ(YamlError(std::string(kDataSources) + laughs), ErrorCode::CONFIG_YAML_SYNTAX);
  std::string props = std::string(kDataSources) + laughs.substr(0, laughs.find("a9:")) +
                      "rules:\n- !SHARDING\n  shardingAlgorithms:\n    m: {type: MOD, props: {sharding-count: 2, x: *a8}}\n";
  EXPECT_EQ(YamlError(props), ErrorCode::CONFIG_YAML_SYNTAX);
}

TEST(BadYamlTest, AlgorithmPropsOutOfRange) {
  auto mod = [](const std::string& count) {
    return std::string(kDataSources) + "rules:\n- !SHARDING\n  autoTables:\n    t: {actualDataSources: ds_0, shardingStrategy: "
           "{standard: {shardingColumn: id, shardingAlgorithmName: m}}}\n  shardingAlgorithms:\n"
           "    m: {type: MOD, props: {sharding-count: " + count + "}}\n";
  };
  EXPECT_NO_THROW(sqlroute::RuleSet::FromYamlString(mod("4")));
  EXPECT_EQ(YamlError(mod("0")), ErrorCode::CONFIG_ALGORITHM_PROPS);
  EXPECT_EQ(YamlError(mod("-3")), ErrorCode::CONFIG_ALGORITHM_PROPS);
  EXPECT_EQ(YamlError(mod("abc")), ErrorCode::CONFIG_ALGORITHM_PROPS);
  EXPECT_EQ(YamlError(mod("99999999999999999999")), ErrorCode::CONFIG_ALGORITHM_PROPS);
  EXPECT_EQ(YamlError(mod("100000000")), ErrorCode::CONFIG_ALGORITHM_PROPS);
}

// --- DistSQL and inline expressions

TEST(BadDistSqlTest, GarbageIsASyntaxError) {
  auto code = [](const std::string& script) { return CodeOf([&] { sqlroute::RuleSet::FromDistSql(script); }); };
  EXPECT_EQ(code("CREATE SHARDING TABLE RULE"), ErrorCode::CONFIG_DISTSQL_SYNTAX);
  EXPECT_EQ(code("REGISTER STORAGE UNIT ds_0 (HOST=\"h\""), ErrorCode::CONFIG_DISTSQL_SYNTAX);
  EXPECT_EQ(code(std::string("\0\xff((((", 6)), ErrorCode::CONFIG_DISTSQL_SYNTAX);
  EXPECT_EQ(code(std::string(100000, '(')), ErrorCode::CONFIG_DISTSQL_SYNTAX);
  EXPECT_EQ(code("CREATE SHARDING TABLE RULE t (STORAGE_UNITS(ds_0), SHARDING_COLUMN=id, TYPE(NAME=\"MOD\", "
                 "PROPERTIES(\"sharding-count\"=4)));"),
            ErrorCode::CONFIG_UNKNOWN_DATA_SOURCE);
}

TEST(BadInlineTest, ExpansionBombsAreRejected) {
  auto code = [](const std::string& expression) { return CodeOf([&] { sqlroute::expr::ExpandList(expression); }); };
  EXPECT_EQ(code("${0..99999999}"), ErrorCode::CONFIG_INLINE_EXPRESSION);
  EXPECT_EQ(code("t_${0..999}_${0..999}_${0..999}"), ErrorCode::CONFIG_INLINE_EXPRESSION);
  EXPECT_EQ(code("${-2147483648..2147483647}"), ErrorCode::CONFIG_INLINE_EXPRESSION);
  EXPECT_EQ(code("ds_${0..1"), ErrorCode::CONFIG_INLINE_EXPRESSION);
  EXPECT_EQ(code("${" + std::string(100000, '[')), ErrorCode::CONFIG_INLINE_EXPRESSION);
  // Few items, many bytes: a 5,000-digit number repeated 441,761 times (fuzz_inline).
  EXPECT_EQ(code("c_${0.4e4949-49e498}${441761..1}"), ErrorCode::CONFIG_INLINE_EXPRESSION);
  EXPECT_EQ(sqlroute::expr::ExpandList("t_${0..2}_${['a', 'bb']}").size(), 6u);
  EXPECT_EQ(YamlError(std::string(kDataSources) + "rules:\n- !SHARDING\n  tables:\n    t: {actualDataNodes: \"ds_0.t_${0..99999999}\"}\n"),
            ErrorCode::CONFIG_INLINE_EXPRESSION);
}

TEST(BadInlineTest, ClosureBombsAreRejected) {
  auto compile = [](const std::string& expression) {
    return CodeOf([&] { sqlroute::expr::Closure::Compile(expression)->Evaluate({{"id", Value::Int(1)}}); });
  };
  EXPECT_EQ(compile("t_${" + std::string(100000, '(') + "id" + std::string(100000, ')') + "}"),
            ErrorCode::CONFIG_INLINE_EXPRESSION);
  EXPECT_EQ(compile("t_${id % }"), ErrorCode::CONFIG_INLINE_EXPRESSION);
  EXPECT_EQ(compile("t_${'x' * 2147483647}"), ErrorCode::INLINE_EXPRESSION_MISMATCH);
}

// --- merge

TEST(BadMergeTest, UnitsWithMismatchedColumns) {
  sqlroute::MergeInstructions instructions;
  instructions.required = true;
  auto code = [&](std::vector<sqlroute::ResultSet> units) { return CodeOf([&] { sqlroute::Merge(instructions, units); }); };
  EXPECT_EQ(code({{{"id", "k"}, {{Value::Int(1), Value::Int(2)}}}, {{"id"}, {{Value::Int(3)}}}}),
            ErrorCode::MERGE_COLUMNS_MISMATCH);
  instructions.order_by.push_back({{"missing", -1}, false});
  EXPECT_EQ(code({{{"id"}, {{Value::Int(1)}}}, {{"id"}, {{Value::Int(2)}}}}), ErrorCode::MERGE_COLUMN_NOT_FOUND);
}

}  // namespace
