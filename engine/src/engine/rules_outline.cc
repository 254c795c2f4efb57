// OutlineRules: the compiled sharding layout as plain data, for lint checks and reports.
#include "rules/compiled_rules.h"
#include "rules/rule_set_access.h"
#include "sqlroute/outline.h"

namespace sqlroute {
namespace {

const char* KindName(config::StrategyConfig::Kind kind) {
  switch (kind) {
    case config::StrategyConfig::Kind::Standard: return "standard";
    case config::StrategyConfig::Kind::Complex: return "complex";
    case config::StrategyConfig::Kind::Hint: return "hint";
    case config::StrategyConfig::Kind::None: break;
  }
  return "none";
}

StrategyOutline Strategy(const rules::ShardingStrategy& strategy, const config::ShardingRuleConfig& sharding) {
  StrategyOutline result;
  result.kind = KindName(strategy.kind);
  result.columns = strategy.column_names;
  result.algorithm = strategy.algorithm_name;
  if (const config::AlgorithmConfig* algorithm = config::Find(sharding.sharding_algorithms, strategy.algorithm_name)) {
    result.type = algorithm->type;
    for (const auto& [key, value] : algorithm->props.items()) {
      if (!Props::IsSecretKey(key)) result.props.emplace_back(key, value);
    }
  }
  return result;
}

}  // namespace

RulesOutline OutlineRules(const RuleSet& rules) {
  const rules::CompiledRules& compiled = rules::RuleSetAccess::Compiled(rules);
  RulesOutline result;
  result.data_sources = compiled.data_sources;
  if (compiled.sharding && compiled.config.sharding) {
    const config::ShardingRuleConfig& sharding = *compiled.config.sharding;
    for (const rules::ShardingTable& table : compiled.sharding->tables()) {
      ShardingTableOutline entry;
      entry.name = table.logic_table;
      entry.auto_table = table.auto_table;
      for (const rules::DataNode& node : table.nodes) entry.nodes.emplace_back(node.data_source, node.table);
      entry.database_strategy = Strategy(table.database_strategy, sharding);
      entry.table_strategy = Strategy(table.table_strategy, sharding);
      result.sharding_tables.push_back(std::move(entry));
    }
    result.binding_groups = sharding.binding_groups;
  }
  for (const rules::ReadwriteGroup& group : compiled.readwrite_groups) {
    result.readwrite_groups.push_back(
        ReadwriteGroupOutline{group.name, group.write_data_source, group.read_data_sources});
  }
  if (compiled.shadow) {
    for (const rules::ShadowMapping& mapping : compiled.shadow->mappings) {
      result.shadow_data_sources.emplace_back(mapping.production, mapping.shadow);
    }
  }
  result.broadcast_tables.assign(compiled.broadcast_tables.begin(), compiled.broadcast_tables.end());
  return result;
}

}  // namespace sqlroute
