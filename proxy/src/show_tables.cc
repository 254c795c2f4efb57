#include "show_tables.h"

#include <yaml-cpp/yaml.h>

#include <algorithm>
#include <cctype>
#include <set>

#include "distsql_cells.h"
#include "sqlroute/rule_set_views.h"

namespace sqlroute::proxy {

namespace {

std::string Lower(std::string text) {
  std::transform(text.begin(), text.end(), text.begin(), [](unsigned char c) { return std::tolower(c); });
  return text;
}

// The tables the rules govern (ShardingSphere's schema holds no other): lower-cased.
std::set<std::string> RuledTables(const LogicDatabase& database, const RuleSet& rules) {
  std::set<std::string> ruled;
  for (const auto& [table, nodes] : ShardingTableNodes(rules)) ruled.insert(Lower(table));
  for (const DataNodeView& node : SingleTableNodes(rules)) ruled.insert(Lower(node.table));
  for (const auto& table : RuleOf(ExportedRules(database), "!BROADCAST")["tables"]) ruled.insert(Lower(ScalarOf(table)));
  return ruled;
}

}  // namespace

StatementResult ShowTables(const LogicDatabase& database, bool full, const std::string& like) {
  std::vector<std::string> columns = {"Tables_in_" + database.name()};
  if (full) columns.push_back("Table_type");
  StatementResult result = Table(columns);
  std::shared_ptr<const RuleSet> rules = database.engine().rules();
  std::set<std::string> ruled = RuledTables(database, *rules);
  // The tables with metadata (read from the storage units, actual tables folded into their logic table).
  YAML::Node metadata = YAML::Load(rules->ExportMetadataYaml())["metadata"];
  std::set<std::string> names;
  if (metadata && metadata.IsMap()) {
    for (const auto& entry : metadata) {
      std::string name = entry.first.as<std::string>();
      if (ruled.count(Lower(name)) != 0 && (like.empty() || Like(name, like))) names.insert(name);
    }
  }
  for (const std::string& name : names) {
    std::vector<Cell>& row = result.rows.emplace_back();
    row.emplace_back(name);
    if (full) row.emplace_back("BASE TABLE");
  }
  return result;
}

}  // namespace sqlroute::proxy
