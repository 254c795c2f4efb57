// _core.rules_outline: the compiled sharding layout as plain Python data, for lint checks
// (sqlroute.lint). Secret props are left out.
#include <pybind11/pybind11.h>
#include <pybind11/stl.h>

#include "rules/rule_set_access.h"
#include "sqlroute/engine.h"

namespace py = pybind11;

namespace sqlroute::bindings {
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

py::dict Strategy(const rules::ShardingStrategy& strategy, const config::ShardingRuleConfig& sharding) {
  py::dict result;
  result["kind"] = KindName(strategy.kind);
  result["columns"] = strategy.column_names;
  result["algorithm"] = strategy.algorithm_name;
  const config::AlgorithmConfig* algorithm = config::Find(sharding.sharding_algorithms, strategy.algorithm_name);
  result["type"] = algorithm ? algorithm->type : std::string();
  py::dict props;
  if (algorithm) {
    for (const auto& [key, value] : algorithm->props.items()) {
      if (!Props::IsSecretKey(key)) props[py::str(key)] = value;
    }
  }
  result["props"] = props;
  return result;
}

py::dict Outline(const Engine& engine) {
  std::shared_ptr<const RuleSet> rules = engine.rules();
  const rules::CompiledRules& compiled = rules::RuleSetAccess::Compiled(*rules);
  py::dict result;
  result["data_sources"] = compiled.data_sources;
  py::list tables;
  py::list groups;
  if (compiled.sharding && compiled.config.sharding) {
    const config::ShardingRuleConfig& sharding = *compiled.config.sharding;
    for (const rules::ShardingTable& table : compiled.sharding->tables()) {
      py::dict entry;
      entry["name"] = table.logic_table;
      entry["auto"] = table.auto_table;
      py::list nodes;
      for (const rules::DataNode& node : table.nodes) nodes.append(py::make_tuple(node.data_source, node.table));
      entry["nodes"] = nodes;
      entry["database_strategy"] = Strategy(table.database_strategy, sharding);
      entry["table_strategy"] = Strategy(table.table_strategy, sharding);
      tables.append(entry);
    }
    for (const auto& group : sharding.binding_groups) groups.append(py::cast(group));
  }
  result["sharding_tables"] = tables;
  result["binding_groups"] = groups;
  py::list readwrite;
  for (const rules::ReadwriteGroup& group : compiled.readwrite_groups) {
    py::dict entry;
    entry["name"] = group.name;
    entry["write"] = group.write_data_source;
    entry["reads"] = group.read_data_sources;
    readwrite.append(entry);
  }
  result["readwrite_groups"] = readwrite;
  py::list shadow;
  if (compiled.shadow) {
    for (const rules::ShadowMapping& mapping : compiled.shadow->mappings) {
      shadow.append(py::make_tuple(mapping.production, mapping.shadow));
    }
  }
  result["shadow_data_sources"] = shadow;
  result["broadcast_tables"] = std::vector<std::string>(compiled.broadcast_tables.begin(), compiled.broadcast_tables.end());
  return result;
}

}  // namespace

void RegisterRulesOutline(py::module_& module) {
  module.def("rules_outline", &Outline, py::arg("engine"),
             "{data_sources, sharding_tables: [{name, auto, nodes, database_strategy, table_strategy}], "
             "binding_groups, readwrite_groups: [{name, write, reads}], shadow_data_sources: [(production, shadow)], "
             "broadcast_tables} of the live rules; no secrets.");
}

}  // namespace sqlroute::bindings
