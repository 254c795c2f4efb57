#include "route/sharding_rule.h"

#include <algorithm>

#include "common/strings.h"
#include "sqlroute/error.h"

namespace sqlroute::route {

const std::vector<std::string>& ShardingTable::ActualTables(const std::string& data_source) const {
  static const std::vector<std::string> kNone;
  auto found = tables_by_data_source.find(data_source);
  return found == tables_by_data_source.end() ? kNone : found->second;
}

int ShardingTable::ActualTableIndex(const std::string& data_source, const std::string& table) const {
  const auto& tables = ActualTables(data_source);
  for (std::size_t i = 0; i < tables.size(); ++i) {
    if (EqualsIgnoreCase(tables[i], table)) return static_cast<int>(i);
  }
  return -1;
}

bool ShardingTable::IsShardingColumn(const std::string& lower_column) const {
  for (const auto* strategy : {&database_strategy, &table_strategy}) {
    for (const auto& column : strategy->columns) {
      if (column == lower_column) return true;
    }
  }
  return false;
}

ShardingRule::ShardingRule(std::vector<ShardingTable> tables, std::vector<std::vector<std::string>> binding_groups)
    : tables_(std::move(tables)), binding_groups_(std::move(binding_groups)) {
  for (std::size_t i = 0; i < tables_.size(); ++i) index_.emplace(ToLower(tables_[i].logic_table), i);
  for (auto& table : tables_) {
    table.distinct_nodes = true;
    for (const auto& [ds, actual] : table.tables_by_data_source) {
      for (std::size_t i = 0; i < actual.size() && table.distinct_nodes; ++i) {
        table.distinct_nodes = std::find(actual.begin() + static_cast<std::ptrdiff_t>(i) + 1, actual.end(), actual[i]) == actual.end();
      }
    }
    for (auto [strategy, info] : {std::pair{&table.database_strategy, &table.data_source_info},
                                  std::pair{&table.table_strategy, &table.table_info}}) {
      if (!strategy->column_names.empty()) strategy->target = ShardingTarget{table.logic_table, strategy->column_names.front(), *info};
    }
  }
}

const ShardingTable* ShardingRule::Find(const std::string& logic_table) const {
  auto found = index_.find(ToLower(logic_table));
  return found == index_.end() ? nullptr : &tables_[found->second];
}

bool ShardingRule::AllInOneBindingGroup(const std::vector<const ShardingTable*>& tables) const {
  if (tables.empty()) return false;
  int group = tables.front()->binding_group;
  if (group < 0) return tables.size() == 1;
  return std::all_of(tables.begin(), tables.end(), [&](const ShardingTable* each) { return each->binding_group == group; });
}

std::string ShardingRule::BindingActualTable(const ShardingTable& table, const ShardingTable& other,
                                             const std::string& data_source, const std::string& actual_table) const {
  int index = table.ActualTableIndex(data_source, actual_table);
  const auto& others = other.ActualTables(data_source);
  if (index < 0 || static_cast<std::size_t>(index) >= others.size()) {
    throw Error(ErrorCode::NO_ROUTE_RESULT, "Can not find binding actual table, data source: " + data_source +
                                                ", logic table: " + table.logic_table + ", actual table: " + actual_table);
  }
  return others[static_cast<std::size_t>(index)];
}

}  // namespace sqlroute::route
