#include "sqlroute/rule_set_views.h"

#include "rules/rule_set_access.h"

namespace sqlroute {

std::vector<std::pair<std::string, std::vector<DataNodeView>>> ShardingTableNodes(const RuleSet& rules) {
  const rules::CompiledRules& compiled = rules::RuleSetAccess::Compiled(rules);
  std::vector<std::pair<std::string, std::vector<DataNodeView>>> result;
  if (!compiled.sharding) return result;
  for (const rules::ShardingTable& table : compiled.sharding->tables()) {
    std::vector<DataNodeView> nodes;
    for (const rules::DataNode& node : table.nodes) nodes.push_back({node.data_source, node.table});
    result.emplace_back(table.logic_table, std::move(nodes));
  }
  return result;
}

std::vector<DataNodeView> SingleTableNodes(const RuleSet& rules) {
  std::vector<DataNodeView> result;
  for (const auto& [table, data_source] : rules::RuleSetAccess::Compiled(rules).single.placed) {
    result.push_back({data_source, table});
  }
  return result;
}

}  // namespace sqlroute
