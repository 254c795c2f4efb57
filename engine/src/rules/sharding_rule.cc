#include "rules/sharding_rule.h"

#include <algorithm>
#include <unordered_set>

#include "algorithm/sharding/sharding_values.h"
#include "common/strings.h"
#include "sqlroute/error_text.h"

namespace sqlroute::rules {
namespace {

// Partitions x target lists beyond this are looked up per statement instead (TableRouter).
constexpr std::size_t kMaxTabulatedPartitions = std::size_t{1} << 20;

std::vector<int32_t> PartitionTargets(const PrecisePartitions& partitions, int64_t count,
                                      const std::vector<std::string>& available, const DataNodeInfo& info) {
  std::unordered_map<std::string, int32_t> index;  // the first of a name listed twice
  for (std::size_t i = 0; i < available.size(); ++i) index.emplace(available[i], static_cast<int32_t>(i));
  std::vector<int32_t> result(static_cast<std::size_t>(count), -1);
  for (int64_t partition = 0; partition < count; ++partition) {
    auto found = index.find(algorithm::FindMatchedTargetName(available, partitions.PartitionSuffix(partition), info));
    if (found != index.end()) result[static_cast<std::size_t>(partition)] = found->second;
  }
  return result;
}

void TabulatePartitions(ShardingStrategy& strategy, const std::vector<const std::vector<std::string>*>& lists,
                        const DataNodeInfo& info) {
  if (strategy.kind != config::StrategyConfig::Kind::Standard || !strategy.algorithm.standard) return;
  const PrecisePartitions* partitions = strategy.algorithm.standard->precise_partitions();
  std::optional<int> count = strategy.algorithm.standard->AutoTablesAmount();
  if (!partitions || !count || *count <= 0) return;
  if (static_cast<std::size_t>(*count) * lists.size() > kMaxTabulatedPartitions) return;
  for (const auto* list : lists) {  // a name listed twice would be matched once here, twice by DoRangeSharding
    std::unordered_set<std::string> names(list->begin(), list->end());
    if (names.size() != list->size()) return;
  }
  for (const auto* list : lists) {
    strategy.partition_targets.push_back(PartitionTargets(*partitions, *count, *list, info));
    bool ascending = true;
    for (std::size_t i = 1; i < list->size() && ascending; ++i) ascending = LessIgnoreCase((*list)[i - 1], (*list)[i]);
    strategy.targets_ascending.push_back(ascending);
  }
}

}  // namespace

const std::vector<std::string>& ShardingTable::ActualTables(const std::string& data_source) const {
  static const std::vector<std::string> kNone;
  int index = DataSourceIndex(data_source);
  return index < 0 ? kNone : actual_tables[static_cast<std::size_t>(index)];
}

int ShardingTable::DataSourceIndex(const std::string& data_source) const {
  auto found = data_source_index.find(data_source);
  return found == data_source_index.end() ? -1 : static_cast<int>(found->second);
}

int ShardingTable::ActualTableIndex(const std::string& data_source, const std::string& table) const {
  const auto& tables = ActualTables(data_source);
  for (std::size_t i = 0; i < tables.size(); ++i) {
    if (EqualsIgnoreCase(tables[i], table)) return static_cast<int>(i);
  }
  return -1;
}

const std::string* ShardingTable::ShardingColumn(std::string_view column) const {
  for (const auto* strategy : {&database_strategy, &table_strategy}) {
    for (const auto& each : strategy->columns) {
      if (EqualsIgnoreCase(each, column)) return &each;
    }
  }
  return nullptr;
}

ShardingRule::ShardingRule(std::vector<ShardingTable> tables, std::vector<std::vector<std::string>> binding_groups)
    : tables_(std::move(tables)), binding_groups_(std::move(binding_groups)) {
  for (std::size_t i = 0; i < tables_.size(); ++i) index_.emplace(ToLower(tables_[i].logic_table), i);
  for (auto& table : tables_) {
    table.distinct_nodes = true;
    for (const auto& actual : table.actual_tables) {
      for (std::size_t i = 0; i < actual.size() && table.distinct_nodes; ++i) {
        table.distinct_nodes = std::find(actual.begin() + static_cast<std::ptrdiff_t>(i) + 1, actual.end(), actual[i]) == actual.end();
      }
    }
    std::unordered_set<std::string> names;
    for (const auto& node : table.nodes) names.insert(node.table);
    table.distinct_table_names = names.size() == table.nodes.size();
    for (auto [strategy, info] : {std::pair{&table.database_strategy, &table.data_source_info},
                                  std::pair{&table.table_strategy, &table.table_info}}) {
      if (!strategy->column_names.empty()) strategy->target = ShardingTarget{table.logic_table, strategy->column_names.front(), *info};
    }
    TabulatePartitions(table.database_strategy, {&table.data_sources}, table.data_source_info);
    std::vector<const std::vector<std::string>*> table_lists;
    for (const auto& each : table.actual_tables) table_lists.push_back(&each);
    TabulatePartitions(table.table_strategy, table_lists, table.table_info);
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
    throw Error(Message<msg::BindingActualTableMissing>(arg::data_source = data_source, arg::table = table.logic_table,
                                                        arg::actual_table = actual_table));
  }
  return others[static_cast<std::size_t>(index)];
}

}  // namespace sqlroute::rules
