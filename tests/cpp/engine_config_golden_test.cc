// Runs tests/golden/config/*.yaml (format: tests/golden/README.md, "Config cases"). An error case
// is loaded and then compiled, so that the checks of the compiled rules (encryptor types, ...) count.
#include <gtest/gtest.h>
#include <yaml-cpp/yaml.h>

#include <filesystem>
#include <set>
#include <string>

#include "config/distsql.h"
#include "config/yaml_loader.h"
#include "sqlroute/error.h"
#include "sqlroute/rule_set.h"

namespace sqlroute::config {
namespace {

// One-line text of a YAML tree with tags, for exact comparison and readable failures.
std::string Canonical(const YAML::Node& node) {
  std::string tag = node.Tag().empty() || node.Tag() == "?" || node.Tag() == "!" ? "" : node.Tag() + " ";
  if (node.IsMap()) {
    std::string result = tag + "{";
    for (const auto& entry : node) {
      result += (result.size() > tag.size() + 1 ? ", " : "") + entry.first.Scalar() + ": " + Canonical(entry.second);
    }
    return result + "}";
  }
  if (node.IsSequence()) {
    std::string result = tag + "[";
    for (std::size_t i = 0; i < node.size(); ++i) result += (i ? ", " : "") + Canonical(node[i]);
    return result + "]";
  }
  if (node.IsNull()) return tag + "null";
  return tag + "'" + node.Scalar() + "'";
}

RuleConfig LoadCase(const YAML::Node& test_case) {
  if (test_case["yaml"]) return LoadYamlString(test_case["yaml"].Scalar());
  return LoadDistSql(test_case["distsql"].Scalar());
}

void CheckKeys(const YAML::Node& node, const std::set<std::string>& allowed, const std::string& where) {
  for (const auto& entry : node) {
    ASSERT_TRUE(allowed.count(entry.first.Scalar())) << where << ": unknown key " << entry.first.Scalar();
  }
}

void RunCase(const YAML::Node& test_case, const std::string& where) {
  CheckKeys(test_case, {"name", "yaml", "distsql", "export", "error"}, where);
  ASSERT_NE(bool(test_case["yaml"]), bool(test_case["distsql"])) << where << ": give exactly one of yaml, distsql";
  ASSERT_NE(bool(test_case["export"]), bool(test_case["error"])) << where << ": give exactly one of export, error";
  if (test_case["error"]) {
    const YAML::Node expected = test_case["error"];
    CheckKeys(expected, {"code", "path", "position", "message"}, where);
    try {
      if (test_case["yaml"]) {
        RuleSet::FromYamlString(test_case["yaml"].Scalar());
      } else {
        RuleSet::FromDistSql(test_case["distsql"].Scalar());
      }
      FAIL() << where << ": expected error " << expected["code"].Scalar();
    } catch (const Error& e) {
      EXPECT_EQ(ErrorCodeName(e.code()), expected["code"].Scalar()) << where << ": " << e.what();
      if (expected["path"]) {
        EXPECT_EQ(e.config_path(), expected["path"].Scalar()) << where << ": " << e.what();
      }
      if (expected["message"]) {
        EXPECT_EQ(e.message(), expected["message"].Scalar()) << where;
      }
      if (expected["position"]) {
        ASSERT_TRUE(e.position().has_value()) << where << ": " << e.what();
        EXPECT_EQ(std::to_string(e.position()->line) + ":" + std::to_string(e.position()->column),
                  expected["position"].Scalar())
            << where << ": " << e.what();
      }
    }
    return;
  }
  RuleConfig config = LoadCase(test_case);
  std::string exported = ExportYaml(config, false);
  EXPECT_EQ(Canonical(YAML::Load(exported)), Canonical(test_case["export"])) << where << "\n" << exported;
  // The canonical form is a fixed point: loading it and exporting again changes nothing.
  std::string with_secrets = ExportYaml(config, true);
  EXPECT_EQ(ExportYaml(LoadYamlString(with_secrets), true), with_secrets) << where;
}

TEST(ConfigGolden, AllCases) {
  std::filesystem::path dir = std::filesystem::path(SQLROUTE_TESTS_DIR) / "golden" / "config";
  int cases = 0;
  for (const auto& file : std::filesystem::directory_iterator(dir)) {
    if (file.path().extension() != ".yaml") continue;
    SCOPED_TRACE(file.path().filename().string());
    YAML::Node root = YAML::LoadFile(file.path().string());
    std::set<std::string> names;
    for (const auto& test_case : root["cases"]) {
      std::string name = test_case["name"].Scalar();
      std::string where = file.path().filename().string() + " / " + name;
      EXPECT_TRUE(names.insert(name).second) << where << ": duplicate case name";
      RunCase(test_case, where);
      ++cases;
    }
  }
  EXPECT_GT(cases, 0);
}

}  // namespace
}  // namespace sqlroute::config
