#include "route/table_broadcast.h"

#include <algorithm>

namespace sqlroute::route {
namespace {

void BindingUnits(const rules::ShardingRule& rule, const std::vector<const rules::ShardingTable*>& tables,
                  RouteContext& result) {
  const rules::ShardingTable& primary = *tables.front();
  for (const auto& node : primary.nodes) {
    RouteUnit unit{node.data_source, node.data_source, {{primary.logic_table, node.table}}};
    for (std::size_t i = 1; i < tables.size(); ++i) {
      unit.tables.push_back({tables[i]->logic_table, rule.BindingActualTable(primary, *tables[i], node.data_source, node.table)});
    }
    result.AddUnit(std::move(unit));
  }
}

// ShardingSphere walks the data sources of a HashMap keyed by their names; sqlroute takes them in
// the first table's order, as its cartesian route of DQL does.
std::vector<std::string> CommonDataSources(const std::vector<const rules::ShardingTable*>& tables) {
  std::vector<std::string> result;
  for (const auto& ds : tables.front()->data_sources) {
    bool everywhere = std::all_of(tables.begin(), tables.end(),
                                  [&](const rules::ShardingTable* table) { return table->DataSourceIndex(ds) >= 0; });
    if (everywhere) result.push_back(ds);
  }
  return result;
}

// Every combination of the tables' actual tables on each common data source, the last table
// varying fastest (Guava's Sets.cartesianProduct).
void CartesianUnits(const std::vector<const rules::ShardingTable*>& tables, RouteContext& result) {
  for (const auto& ds : CommonDataSources(tables)) {
    std::vector<const std::vector<std::string>*> choices;
    for (const rules::ShardingTable* table : tables) choices.push_back(&table->ActualTables(ds));
    std::vector<std::size_t> index(tables.size(), 0);
    while (true) {
      RouteUnit unit{ds, ds, {}};
      for (std::size_t t = 0; t < tables.size(); ++t) unit.tables.push_back({tables[t]->logic_table, (*choices[t])[index[t]]});
      result.AddUnit(std::move(unit));
      std::size_t position = tables.size();
      while (position > 0 && ++index[position - 1] == choices[position - 1]->size()) index[--position] = 0;
      if (position == 0) break;
    }
  }
}

}  // namespace

RouteContext TableBroadcast(const rules::ShardingRule& rule, const std::vector<const rules::ShardingTable*>& tables) {
  RouteContext result;
  result.type = RouteType::TableBroadcast;
  if (tables.size() == 1 || rule.AllInOneBindingGroup(tables)) {
    BindingUnits(rule, tables, result);
  } else {
    CartesianUnits(tables, result);
  }
  return result;
}

}  // namespace sqlroute::route
