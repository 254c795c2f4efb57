// Runs every case of tests/golden/route/*.yaml through the public Engine API, once with the
// plan cache off and once served from a warm plan cache.
#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <map>
#include <memory>
#include <regex>

#include "cache/sql_normalizer.h"
#include "parser/sql_parser.h"
#include "sqlroute/engine.h"
#include "sqlroute/error.h"
#include "support/golden.h"
#include "support/plan_text.h"
#include "support/rewrite_law.h"

namespace sqlroute {
namespace {

using testing_support::ParseHints;
using testing_support::ParseValue;
using testing_support::ParseValues;
using testing_support::UnknownKey;

struct RouteCase {
  std::string file;
  std::string name;
  YAML::Node node;
  std::string rules_path;
};

// Failing cases are reported by file and name.
void PrintTo(const RouteCase& c, std::ostream* out) { *out << c.file << ": " << c.name; }

std::vector<RouteCase> LoadCases() {
  std::vector<RouteCase> result;
  for (const auto& file : testing_support::GoldenFiles("route")) {
    YAML::Node root = YAML::LoadFile(file);
    std::string rules = (std::filesystem::path(file).parent_path() / root["rules"].as<std::string>()).string();
    for (const auto& each : root["cases"]) {
      result.push_back({std::filesystem::path(file).stem().string(), each["name"].as<std::string>(), each, rules});
    }
  }
  return result;
}

std::shared_ptr<const RuleSet> RulesFor(const std::string& path, bool plan_cache) {
  static std::map<std::pair<std::string, bool>, std::shared_ptr<const RuleSet>> cache;
  auto& slot = cache[{path, plan_cache}];
  if (slot) return slot;
  YAML::Node root = YAML::LoadFile(path);
  root["props"]["sql-plan-cache-enabled"] = plan_cache ? "true" : "false";
  slot = RuleSet::FromYamlString(YAML::Dump(root));
  return slot;
}

// The rules without their !ENCRYPT rule: the single-unit law is checked on the sharding
// rewrite, encryption being a rewrite of every unit whatever their number (README).
std::shared_ptr<const RuleSet> RulesWithoutEncrypt(const std::string& path) {
  static std::map<std::string, std::shared_ptr<const RuleSet>> cache;
  auto& slot = cache[path];
  if (slot) return slot;
  YAML::Node root = YAML::LoadFile(path);
  YAML::Node rules(YAML::NodeType::Sequence);
  if (root["rules"]) {
    for (const auto& rule : root["rules"]) {
      if (rule.Tag() != "!ENCRYPT") rules.push_back(rule);
    }
  }
  root["rules"] = rules;
  root["props"]["sql-plan-cache-enabled"] = "false";
  slot = RuleSet::FromYamlString(YAML::Dump(root));
  return slot;
}

// The statement with every literal changed in value and length ('ab' -> 'abzz', 7 -> 71): a
// statement of the same shape, which warms the plan cache for the original.
std::string WithOtherLiterals(const std::string& sql) {
  auto normalized = cache::Normalize(sql);
  if (!normalized) return sql;
  std::string result = sql;
  for (auto it = normalized->literals.rbegin(); it != normalized->literals.rend(); ++it) {
    char last = sql[it->end - 1];
    bool quoted = last == '\'' || last == '"';
    result.insert(quoted ? it->end - 1 : it->end, quoted ? "zz" : "1");
  }
  return result;
}

// `{generated}` in an expected unit SQL stands for a generated key (SNOWFLAKE values follow
// the clock): a decimal integer. Elsewhere the SQL must match exactly.
bool SqlMatches(const std::string& actual, const std::string& expected) {
  static const std::string kGenerated = "{generated}";
  if (expected.find(kGenerated) == std::string::npos) return actual == expected;
  std::string pattern;
  for (std::size_t i = 0; i < expected.size();) {
    if (expected.compare(i, kGenerated.size(), kGenerated) == 0) {
      pattern += "-?[0-9]+";
      i += kGenerated.size();
      continue;
    }
    if (std::string("\\^$.|?*+()[]{}").find(expected[i]) != std::string::npos) pattern += '\\';
    pattern += expected[i++];
  }
  return std::regex_match(actual, std::regex(pattern));
}

// A unit's expected parameters; `{generated: long}` stands for a generated key of that kind.
struct ExpectedParams {
  std::vector<Value> values;
  std::vector<std::string> generated;  // per parameter: the kind of a generated key, else ""
};

ExpectedParams ParseExpectedParams(const YAML::Node& node) {
  ExpectedParams result;
  if (!node) return result;
  for (const auto& each : node) {
    bool generated = each.IsMap() && each.size() == 1 && each["generated"];
    result.generated.push_back(generated ? each["generated"].as<std::string>() : "");
    result.values.push_back(generated ? Value::Null() : ParseValue(each));
  }
  return result;
}

std::string Describe(const std::vector<Value>& values) {
  std::string result = "[";
  for (std::size_t i = 0; i < values.size(); ++i) result += (i ? ", " : "") + values[i].ToDisplay();
  return result + "]";
}

void ExpectCase(const RouteCase& c, const Engine& engine) {
  const YAML::Node& node = c.node;
  std::string unknown = UnknownKey(node, {"name", "sql", "params", "hints", "route_type", "units", "warnings", "notes", "scatter_reasons", "error"});
  ASSERT_EQ(unknown, "") << "unknown key in golden case";
  std::vector<Value> params = ParseValues(node["params"]);
  Hints hints = ParseHints(node["hints"]);
  const std::string sql = node["sql"].as<std::string>();
  if (node["error"]) {
    try {
      Plan plan = engine.Route(sql, params, hints);
      FAIL() << "expected error " << node["error"]["code"].as<std::string>() << ", got " << plan.units.size() << " units";
    } catch (const Error& error) {
      EXPECT_EQ(ErrorCodeName(error.code()), node["error"]["code"].as<std::string>()) << error.what();
      if (node["error"]["message"]) EXPECT_EQ(error.message(), node["error"]["message"].as<std::string>());
      if (node["error"]["position"]) {
        ASSERT_TRUE(error.position().has_value()) << error.what();
        EXPECT_EQ(std::to_string(error.position()->line) + ":" + std::to_string(error.position()->column),
                  node["error"]["position"].as<std::string>());
      }
    }
    return;
  }
  Plan plan = engine.Route(sql, params, hints);
  if (node["route_type"]) EXPECT_EQ(RouteTypeName(plan.route_type), node["route_type"].as<std::string>());
  const YAML::Node& units = node["units"];
  ASSERT_TRUE(units.IsSequence()) << "a case needs `units` or `error`";
  ASSERT_EQ(plan.units.size(), units.size()) << plan.Explain();
  for (std::size_t i = 0; i < units.size(); ++i) {
    EXPECT_EQ(plan.units[i].data_source, units[i]["data_source"].as<std::string>()) << "unit " << i;
    EXPECT_PRED2(SqlMatches, plan.units[i].sql, units[i]["sql"].as<std::string>()) << "unit " << i;
    ExpectedParams expected = ParseExpectedParams(units[i]["params"]);
    std::vector<Value> actual = plan.units[i].params;
    ASSERT_EQ(actual.size(), expected.values.size()) << "unit " << i << ": " << Describe(actual);
    for (std::size_t k = 0; k < actual.size(); ++k) {
      if (expected.generated[k].empty()) continue;
      EXPECT_EQ(Value::KindName(actual[k].kind()), expected.generated[k]) << "unit " << i << " parameter " << k;
      actual[k] = Value::Null();  // a generated key: its kind is all that is fixed
    }
    EXPECT_EQ(Describe(actual), Describe(expected.values)) << "unit " << i;
    EXPECT_TRUE(actual == expected.values) << "unit " << i << " parameter types differ";
  }
  if (node["warnings"]) EXPECT_EQ(plan.warnings, node["warnings"].as<std::vector<std::string>>());
  if (node["scatter_reasons"]) {
    std::vector<std::string> reasons;
    for (const auto& reason : plan.scatter_reasons) reasons.push_back(std::string(ScatterCodeName(reason.code)) + ": " + reason.message());
    EXPECT_EQ(reasons, node["scatter_reasons"].as<std::vector<std::string>>());
  }
  if (node["notes"]) EXPECT_EQ(plan.notes, node["notes"].as<std::vector<std::string>>());
  for (const auto& unit : plan.units) {
    EXPECT_NO_THROW(parser::Parse(unit.sql)) << "rewritten SQL does not parse: " << unit.sql;
  }
}

class GoldenRouteTest : public testing::TestWithParam<RouteCase> {};
// The invariants hold for the statements that route: the cases that expect units.
class GoldenInvariantTest : public testing::TestWithParam<RouteCase> {};

std::vector<RouteCase> RoutedCases() {
  std::vector<RouteCase> result;
  for (auto& each : LoadCases()) {
    if (!each.node["error"]) result.push_back(std::move(each));
  }
  return result;
}

// Invariant: a statement no rule touches comes back byte-identical.
TEST_P(GoldenInvariantTest, UntouchedWithoutRules) {
  const RouteCase& c = GetParam();
  static const Engine bare = Engine::FromYamlString("dataSources: {ds: {url: x}}");
  const std::string sql = c.node["sql"].as<std::string>();
  Plan plan;
  try {
    plan = bare.Route(sql, ParseValues(c.node["params"]));
  } catch (const Error& error) {
    GTEST_SKIP() << "the statement needs its own rules: " << error.what();
  }
  ASSERT_EQ(plan.units.size(), 1u);
  bool hinted = sql.rfind("/* SHARDINGSPHERE_HINT:", 0) == 0 || sql.rfind("/* ShardingSphere hint:", 0) == 0;
  std::string expected = hinted ? sql.substr(sql.find("*/") + 3) : sql;
  EXPECT_EQ(plan.units[0].sql, expected);
}

// Invariant: with a single route unit nothing but names changes (README, "Invariants").
TEST_P(GoldenInvariantTest, SingleUnitChangesOnlyNames) {
  const RouteCase& c = GetParam();
  auto rules = RulesWithoutEncrypt(c.rules_path);
  const std::string sql = c.node["sql"].as<std::string>();
  Plan plan = Engine(rules).Route(sql, ParseValues(c.node["params"]), ParseHints(c.node["hints"]));
  if (plan.route_units.size() != 1 || plan.units.size() != 1) return;  // the law is about one unit
  testing_support::LawContext context{rules->database_name(), plan.route_units.front().tables,
                                      testing_support::LawKeyColumns(YAML::LoadFile(c.rules_path))};
  EXPECT_EQ(testing_support::SingleUnitLawViolation(sql, plan.units.front().sql, context), "")
      << "logic: " << sql << "\nunit:  " << plan.units.front().sql;
}

// Invariant: tokens never overlap. The rewriter checks every statement and fails with
// REWRITE_CONFLICT, which no case may expect.
TEST_P(GoldenRouteTest, NoCaseExpectsOverlappingTokens) {
  const RouteCase& c = GetParam();
  if (c.node["error"]) EXPECT_NE(c.node["error"]["code"].as<std::string>(), "REWRITE_CONFLICT");
}

TEST_P(GoldenRouteTest, MatchesExpectation) {
  ExpectCase(GetParam(), Engine(RulesFor(GetParam().rules_path, false)));
}

TEST_P(GoldenRouteTest, MatchesExpectationFromPlanCache) {
  const RouteCase& c = GetParam();
  Engine engine(RulesFor(c.rules_path, true));
  try {
    engine.Route(WithOtherLiterals(c.node["sql"].as<std::string>()), ParseValues(c.node["params"]), ParseHints(c.node["hints"]));
  } catch (const Error&) {
  }
  ExpectCase(c, engine);  // served from the other statement's entry when no literal is pinned
  ExpectCase(c, engine);  // served from its own entry
}

// Generated keys differ from one route to the next: their digits are masked.
std::string MaskGenerated(std::string text) {
  static const std::regex kKey("[0-9]{12,}|[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}");
  return std::regex_replace(text, kKey, "{generated}");
}

// The plan (or error) of `c` through Route, and through RouteInto on `reused`.
void ExpectRouteIntoLikeRoute(const RouteCase& c, const Engine& engine, Plan& reused) {
  std::vector<Value> params = ParseValues(c.node["params"]);
  Hints hints = ParseHints(c.node["hints"]);
  const std::string sql = c.node["sql"].as<std::string>();
  std::string expected;
  try {
    expected = testing_support::PlanText(engine.Route(sql, params, hints));
  } catch (const Error& error) {
    expected = error.what();
  }
  std::string actual;
  try {
    engine.RouteInto(reused, sql, params, hints);
    actual = testing_support::PlanText(reused);
  } catch (const Error& error) {
    actual = error.what();
  }
  EXPECT_EQ(MaskGenerated(actual), MaskGenerated(expected)) << c.file << ": " << c.name;
}

// One Plan reused for every case in turn (and in reverse order), each into the storage the
// plan of another statement left: RouteInto gives what Route gives, cached or not.
TEST(GoldenReusedPlanTest, RouteIntoGivesWhatRouteGives) {
  std::vector<RouteCase> cases = LoadCases();
  for (bool plan_cache : {false, true}) {
    Plan reused;
    for (int pass = 0; pass < 2; ++pass) {
      for (const RouteCase& c : cases) {
        Engine engine(RulesFor(c.rules_path, plan_cache));
        ExpectRouteIntoLikeRoute(c, engine, reused);
        ExpectRouteIntoLikeRoute(c, engine, reused);  // served by the plan template when there is one
      }
      std::reverse(cases.begin(), cases.end());
    }
  }
}

std::string CaseName(const testing::TestParamInfo<RouteCase>& info) {
  std::string result = info.param.file + "_" + info.param.name;
  for (char& ch : result) {
    if (!std::isalnum(static_cast<unsigned char>(ch))) ch = '_';
  }
  return result;
}

INSTANTIATE_TEST_SUITE_P(Golden, GoldenRouteTest, testing::ValuesIn(LoadCases()), CaseName);
INSTANTIATE_TEST_SUITE_P(Golden, GoldenInvariantTest, testing::ValuesIn(RoutedCases()), CaseName);

}  // namespace
}  // namespace sqlroute
