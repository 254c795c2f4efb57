#pragma once
// Reading the shared golden files (tests/golden/README.md) in C++.
#include <yaml-cpp/yaml.h>

#include <string>
#include <vector>

#include "sqlroute/hints.h"
#include "sqlroute/value.h"

namespace sqlroute::testing_support {

std::string GoldenDir();
// Every `*.yaml` file directly inside tests/golden/<folder>, sorted.
std::vector<std::string> GoldenFiles(const std::string& folder);
// The text of tests/golden/rules/<name>.yaml.
std::string GoldenRules(const std::string& name);

Value ParseValue(const YAML::Node& node);
std::vector<Value> ParseValues(const YAML::Node& node);
Hints ParseHints(const YAML::Node& node);

// Fails (returns the offending key) when `node` has a key outside `allowed`.
std::string UnknownKey(const YAML::Node& node, const std::vector<std::string>& allowed);

}  // namespace sqlroute::testing_support
