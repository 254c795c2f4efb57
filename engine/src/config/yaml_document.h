#pragma once
// Parses YAML text; syntax errors become Error(CONFIG_YAML_SYNTAX) with the line and column.
#include <yaml-cpp/yaml.h>

#include <string_view>

namespace sqlroute::config::yaml {

YAML::Node ParseDocument(std::string_view text);

}  // namespace sqlroute::config::yaml
