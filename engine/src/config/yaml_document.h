#pragma once
// Parses YAML text; syntax errors become Error(CONFIG_YAML_SYNTAX) with the line and column.
#include <yaml-cpp/yaml.h>

#include <optional>
#include <string>
#include <string_view>

#include "sqlroute/error.h"

namespace sqlroute::config::yaml {

YAML::Node ParseDocument(std::string_view text);

// Where in the text a key path such as "rules[0].tables.t_order.tableStrategy" points: the
// deepest key (or list item) of the path that the document has. nullopt when not even the
// first key is there.
std::optional<SourcePosition> LocateKeyPath(const YAML::Node& root, const std::string& path);

}  // namespace sqlroute::config::yaml
