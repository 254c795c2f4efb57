// RuleSet::Check*: every independent problem of a rule text, in text order, while loading
// still throws the first one.
#include <gtest/gtest.h>

#include <sqlroute/sqlroute.h>

#include <algorithm>
#include <string>
#include <tuple>
#include <vector>

namespace {

using sqlroute::ConfigProblem;
using sqlroute::ErrorCode;
using sqlroute::RuleSet;

// Four independent mistakes: an undefined key generator, an unknown key, an unknown algorithm
// type (found when compiling) and an undefined data source.
const char kBrokenYaml[] = R"(databaseName: db
dataSources:
  ds_0: {url: "jdbc:mysql://h/d0"}
  ds_1: {url: "jdbc:mysql://h/d1"}
  ds_2: {url: "jdbc:mysql://h/d2"}
rules:
- !SHARDING
  tables:
    t_order:
      actualDataNodes: ds_${0..1}.t_order_${0..1}
      tableStrategy:
        standard: {shardingColumn: order_id, shardingAlgorithmName: t_order_inline}
      keyGenerateStrategy: {column: order_id, keyGeneratorName: snowflake}
    t_item:
      actualDataNodes: ds_${0..1}.t_item_${0..1}
      tableStrategy:
        standard: {shardingColumn: order_id, shardingAlgorithmName: t_item_mod}
      typo: 1
  bindingTables: [t_order, t_item]
  shardingAlgorithms:
    t_order_inline:
      type: INLINE
      props: {algorithm-expression: "t_order_${order_id % 2}"}
    t_item_mod:
      type: MODD
      props: {sharding-count: 2}
- !READWRITE_SPLITTING
  dataSourceGroups:
    rw:
      writeDataSourceName: ds_9
      readDataSourceNames: [ds_2]
)";

// 1-based line of the first line of `text` that contains `needle`.
int LineOf(const std::string& text, const std::string& needle) {
  std::size_t at = text.find(needle);
  EXPECT_NE(at, std::string::npos) << needle;
  return 1 + static_cast<int>(std::count(text.begin(), text.begin() + static_cast<std::ptrdiff_t>(at), '\n'));
}

std::vector<std::tuple<ErrorCode, std::string, int>> Summary(const std::vector<ConfigProblem>& problems) {
  std::vector<std::tuple<ErrorCode, std::string, int>> result;
  for (const auto& each : problems) result.emplace_back(each.error.code(), each.error.config_path(), each.line);
  return result;
}

TEST(ConfigCheckTest, ListsEveryIndependentYamlProblemInTextOrder) {
  std::string yaml = kBrokenYaml;
  std::vector<std::tuple<ErrorCode, std::string, int>> expected = {
      {ErrorCode::CONFIG_UNKNOWN_ALGORITHM, "rules[0].tables.t_order.keyGenerateStrategy",
       LineOf(yaml, "keyGenerateStrategy")},
      {ErrorCode::CONFIG_UNKNOWN_KEY, "rules[0].tables.t_item", LineOf(yaml, "t_item:")},
      {ErrorCode::CONFIG_UNKNOWN_ALGORITHM, "rules[0].shardingAlgorithms.t_item_mod", LineOf(yaml, "t_item_mod:")},
      {ErrorCode::CONFIG_UNKNOWN_DATA_SOURCE, "rules[1].dataSourceGroups.rw.writeDataSourceName",
       LineOf(yaml, "writeDataSourceName")},
  };
  std::vector<ConfigProblem> problems = RuleSet::CheckYamlString(yaml);
  EXPECT_EQ(Summary(problems), expected);
  ASSERT_EQ(problems.size(), 4u);
  EXPECT_EQ(problems[1].error.message(), "unknown key `typo`");
  EXPECT_EQ(problems[1].column, 5);
}

TEST(ConfigCheckTest, LoadingStillThrowsTheFirstProblem) {
  try {
    RuleSet::FromYamlString(kBrokenYaml);
    FAIL() << "expected a config error";
  } catch (const sqlroute::Error& error) {
    EXPECT_EQ(error.code(), ErrorCode::CONFIG_UNKNOWN_KEY);
    EXPECT_EQ(error.config_path(), "rules[0].tables.t_item");
  }
}

TEST(ConfigCheckTest, SeveralUnknownKeysOfOneMapAreEachReported) {
  std::string yaml = "dataSources: {ds_0: {url: u}}\nrules: []\nprop: 1\nmodes: 2\n";
  std::vector<ConfigProblem> problems = RuleSet::CheckYamlString(yaml);
  ASSERT_EQ(problems.size(), 2u);
  EXPECT_EQ(problems[0].error.message(), "unknown key `prop`");
  EXPECT_EQ(problems[1].error.message(), "unknown key `modes`");
}

TEST(ConfigCheckTest, AMissingTypeIsOneProblemNotAlsoACompileError) {
  std::string yaml = R"(dataSources: {ds_0: {url: u}}
rules:
- !SHARDING
  tables:
    t: {actualDataNodes: "ds_0.t_${0..1}", tableStrategy: {standard: {shardingColumn: id, shardingAlgorithmName: m}}}
  shardingAlgorithms:
    m: {props: {sharding-count: 2}}
)";
  std::vector<ConfigProblem> problems = RuleSet::CheckYamlString(yaml);
  ASSERT_EQ(problems.size(), 1u);
  EXPECT_EQ(problems[0].error.code(), ErrorCode::CONFIG_MISSING_KEY);
  EXPECT_EQ(problems[0].error.config_path(), "rules[0].shardingAlgorithms.m");
  EXPECT_EQ(problems[0].line, 7);
}

TEST(ConfigCheckTest, YamlSyntaxErrorIsTheOneProblem) {
  std::vector<ConfigProblem> problems = RuleSet::CheckYamlString("rules: [\n");
  ASSERT_EQ(problems.size(), 1u);
  EXPECT_EQ(problems[0].error.code(), ErrorCode::CONFIG_YAML_SYNTAX);
  EXPECT_GT(problems[0].line, 0);
}

TEST(ConfigCheckTest, UnreadableFileIsAProblem) {
  std::vector<ConfigProblem> problems = RuleSet::CheckYamlFile("/nonexistent/rules.yaml");
  ASSERT_EQ(problems.size(), 1u);
  EXPECT_EQ(problems[0].error.code(), ErrorCode::CONFIG_FILE_UNREADABLE);
}

TEST(ConfigCheckTest, CleanRulesHaveNoProblem) {
  EXPECT_TRUE(RuleSet::CheckYamlFile(std::string(SQLROUTE_TESTS_DIR) + "/../examples/sharding.yaml").empty());
}

TEST(ConfigCheckTest, EveryFailingDistSqlStatementIsReportedAtItsPosition) {
  std::string script =
      "REGISTER STORAGE UNIT ds_0 (HOST=\"h\", PORT=3306, DB=\"d\", USER=\"u\", PASSWORD=\"p\");\n"
      "CREATE SHARDING TABLE RULE t_a (STORAGE_UNITS(ds_0), SHARDING_COLUMN=id TYPE(NAME=\"MOD\"));\n"
      "CREATE SHARDING TABLE RULE t_b (STORAGE_UNITS(ds_0), SHARDING_COLUMN=id, TYPE(NAME=\"HASH_MOD\", "
      "PROPERTIES(\"sharding-count\"=2)));\n"
      "CREATE BROADCAST TABLE RULE;\n"
      "CREATE SHARDING TABLE RULE t_b (STORAGE_UNITS(ds_0), SHARDING_COLUMN=id, TYPE(NAME=\"MOD\", "
      "PROPERTIES(\"sharding-count\"=2)));\n";
  std::vector<ConfigProblem> problems = RuleSet::CheckDistSql(script);
  ASSERT_EQ(problems.size(), 3u);
  std::vector<int> lines;
  for (const auto& each : problems) {
    lines.push_back(each.line);
    ASSERT_TRUE(each.error.position().has_value()) << each.error.what();
    EXPECT_EQ(each.error.position()->line, each.line);
  }
  EXPECT_EQ(lines, (std::vector<int>{2, 4, 5}));
  EXPECT_EQ(problems[0].error.code(), ErrorCode::CONFIG_DISTSQL_SYNTAX);
  EXPECT_EQ(problems[1].error.code(), ErrorCode::CONFIG_DISTSQL_SYNTAX);
}

TEST(ConfigCheckTest, DistSqlLoadingStillThrowsTheFirstProblem) {
  EXPECT_THROW(RuleSet::FromDistSql("CREATE BROADCAST TABLE RULE;\nCREATE NONSENSE;\n"), sqlroute::Error);
  EXPECT_EQ(RuleSet::CheckDistSql("CREATE BROADCAST TABLE RULE;\nCREATE NONSENSE;\n").size(), 2u);
}

}  // namespace
