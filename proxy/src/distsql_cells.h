#pragma once
// The answers the proxy gives itself, and the cells of DistSQL RQL answers as ShardingSphere-Proxy's
// LocalDataQueryResultRow formats them, read from the rule set's canonical YAML export (secrets masked).
#include <yaml-cpp/yaml.h>

#include <string>
#include <string_view>
#include <vector>

#include "logic_database.h"
#include "statement_executor.h"

namespace sqlroute::proxy {

std::string Upper(std::string_view text);
bool SameName(const std::string& a, const std::string& b);  // ignoring case
std::string Unquoted(std::string name);                      // without backquotes
// A text column of an answer the proxy gives itself.
ColumnInfo TextColumn(const std::string& name);
// An empty answer with these text columns.
StatementResult Table(const std::vector<std::string>& names);
// A Properties cell: JSON with sorted keys, "" when empty.
std::string PropsCell(const YAML::Node& props);
std::string ScalarOf(const YAML::Node& node);  // "" when absent or not a scalar
std::string Joined(const YAML::Node& list);    // items joined by ","
// A sharding strategy's kind (STANDARD, COMPLEX, HINT, NONE; "" when absent) and its settings.
std::string StrategyType(const YAML::Node& strategy);
YAML::Node StrategyBody(const YAML::Node& strategy);
// SQL LIKE, ignoring case: % any run, _ one character, \ escapes the next.
bool Like(const std::string& text, const std::string& pattern);
// The database's rules as exported, without secrets; one rule by its tag (null when absent).
YAML::Node ExportedRules(const LogicDatabase& database);
YAML::Node RuleOf(const YAML::Node& exported, const char* tag);

}  // namespace sqlroute::proxy
