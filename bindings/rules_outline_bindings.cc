// _core.rules_outline: the compiled sharding layout as plain Python data, for lint checks
// (sqlroute.tools.lint). Secret props are left out.
#include <pybind11/pybind11.h>
#include <pybind11/stl.h>

#include "sqlroute/engine.h"
#include "sqlroute/outline.h"

namespace py = pybind11;

namespace sqlroute::bindings {
namespace {

py::dict Strategy(const StrategyOutline& strategy) {
  py::dict result;
  result["kind"] = strategy.kind;
  result["columns"] = strategy.columns;
  result["algorithm"] = strategy.algorithm;
  result["type"] = strategy.type;
  py::dict props;
  for (const auto& [key, value] : strategy.props) props[py::str(key)] = value;
  result["props"] = props;
  return result;
}

py::dict Outline(const Engine& engine) {
  const RulesOutline outline = OutlineRules(*engine.rules());
  py::dict result;
  result["data_sources"] = outline.data_sources;
  py::list tables;
  for (const ShardingTableOutline& table : outline.sharding_tables) {
    py::dict entry;
    entry["name"] = table.name;
    entry["auto"] = table.auto_table;
    py::list nodes;
    for (const auto& [data_source, actual_table] : table.nodes) {
      nodes.append(py::make_tuple(data_source, actual_table));
    }
    entry["nodes"] = nodes;
    entry["database_strategy"] = Strategy(table.database_strategy);
    entry["table_strategy"] = Strategy(table.table_strategy);
    tables.append(entry);
  }
  result["sharding_tables"] = tables;
  result["binding_groups"] = outline.binding_groups;
  py::list readwrite;
  for (const ReadwriteGroupOutline& group : outline.readwrite_groups) {
    py::dict entry;
    entry["name"] = group.name;
    entry["write"] = group.write;
    entry["reads"] = group.reads;
    readwrite.append(entry);
  }
  result["readwrite_groups"] = readwrite;
  py::list shadow;
  for (const auto& [production, shadow_data_source] : outline.shadow_data_sources) {
    shadow.append(py::make_tuple(production, shadow_data_source));
  }
  result["shadow_data_sources"] = shadow;
  result["broadcast_tables"] = outline.broadcast_tables;
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
