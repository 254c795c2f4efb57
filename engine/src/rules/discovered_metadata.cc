#include "rules/discovered_metadata.h"

#include <algorithm>
#include <set>

#include "common/strings.h"
#include "sqlroute/error_text.h"

namespace sqlroute::rules {

namespace {

using config::NamedList;
using config::TableMetadataConfig;

const TableMetadataConfig* FindTable(const NamedList<TableMetadataConfig>& tables, const std::string& name) {
  auto found = std::find_if(tables.begin(), tables.end(), [&](const auto& each) { return EqualsIgnoreCase(each.name, name); });
  return found == tables.end() ? nullptr : &found->value;
}

// IndexMetaDataUtils.getLogicIndexName: `<name>_<actual table>` -> `<name>`.
std::string LogicName(const std::string& name, const std::string& actual_table) {
  std::string suffix = "_" + actual_table;
  if (name.size() > suffix.size() && EqualsIgnoreCase(name.substr(name.size() - suffix.size()), suffix)) {
    return name.substr(0, name.size() - suffix.size());
  }
  return name;
}

class Folder {
 public:
  Folder(const CompiledRules& rules, const StorageUnitTables& tables) : rules_(rules), tables_(tables) {
    if (!rules.sharding) return;
    for (const auto& table : rules.sharding->tables()) {
      for (const auto& node : table.nodes) logic_of_actual_[ToLower(node.table)] = table.logic_table;
      logic_of_actual_[ToLower(table.logic_table)] = table.logic_table;
    }
  }

  NamedList<TableMetadataConfig> Run() {
    NamedList<TableMetadataConfig> result;
    if (rules_.sharding) {
      for (const auto& table : rules_.sharding->tables()) FoldShardingTable(table, result);
    }
    for (const auto& source : rules_.data_sources) {
      for (const auto& each : TablesOf(rules_.data_source_graph.MetadataUnit(source))) {
        if (logic_of_actual_.count(ToLower(each.name))) continue;
        TableMetadataConfig table = each.value;
        table.data_source = source;
        result.push_back({each.name, Decrypted(each.name, std::move(table)), "metadata"});
      }
    }
    return result;
  }

 private:
  const NamedList<TableMetadataConfig>& TablesOf(const std::string& unit) const {
    auto found = tables_.find(unit);
    if (found == tables_.end()) throw Error(Message<msg::MetadataStorageUnitMissing>(arg::data_source = unit));
    return found->second;
  }

  // ShardingSphere loads a sharding table from its first data node.
  void FoldShardingTable(const ShardingTable& table, NamedList<TableMetadataConfig>& result) const {
    if (table.nodes.empty()) return;
    const DataNode& node = table.nodes.front();
    const TableMetadataConfig* actual = FindTable(TablesOf(rules_.data_source_graph.MetadataUnit(node.data_source)), node.table);
    if (!actual) return;
    TableMetadataConfig logic = *actual;
    for (auto& index : logic.indexes) index.name = LogicName(index.name, node.table);
    for (auto& constraint : logic.constraints) {
      constraint.name = LogicName(constraint.name, node.table);
      auto referenced = logic_of_actual_.find(ToLower(constraint.referenced_table));
      if (referenced != logic_of_actual_.end()) constraint.referenced_table = referenced->second;
    }
    result.push_back({table.logic_table, Decrypted(table.logic_table, std::move(logic)), "metadata"});
  }

  TableMetadataConfig Decrypted(const std::string& table_name, TableMetadataConfig table) const {
    const EncryptTable* encrypt = rules_.encrypt ? rules_.encrypt->Find(table_name) : nullptr;
    if (!encrypt) return table;
    std::map<std::string, std::string> logic_of_cipher;
    std::set<std::string> derived;
    for (const auto& column : encrypt->columns) {
      logic_of_cipher[ToLower(column.cipher.column)] = column.logic;
      if (column.assisted_query) derived.insert(ToLower(column.assisted_query->column));
      if (column.like_query) derived.insert(ToLower(column.like_query->column));
    }
    auto rename = [&](std::string& name) {
      auto found = logic_of_cipher.find(ToLower(name));
      if (found != logic_of_cipher.end()) name = found->second;
    };
    auto is_derived = [&](const std::string& name) { return derived.count(ToLower(name)) > 0; };
    table.columns.erase(std::remove_if(table.columns.begin(), table.columns.end(),
                                       [&](const auto& column) { return is_derived(column.name); }),
                        table.columns.end());
    for (auto& column : table.columns) rename(column.name);
    for (auto& index : table.indexes) {
      index.columns.erase(std::remove_if(index.columns.begin(), index.columns.end(), is_derived), index.columns.end());
      for (auto& column : index.columns) rename(column);
    }
    return table;
  }

  const CompiledRules& rules_;
  const StorageUnitTables& tables_;
  std::map<std::string, std::string> logic_of_actual_;  // lower-cased actual (and logic) table -> logic table
};

}  // namespace

std::vector<std::string> MetadataStorageUnits(const CompiledRules& rules) {
  std::vector<std::string> result;
  for (const auto& source : rules.data_sources) {
    std::string unit = rules.data_source_graph.MetadataUnit(source);
    if (std::find(result.begin(), result.end(), unit) == result.end()) result.push_back(unit);
  }
  if (rules.sharding) {  // data nodes may name data sources no default spreads over
    for (const auto& table : rules.sharding->tables()) {
      for (const auto& node : table.nodes) {
        std::string unit = rules.data_source_graph.MetadataUnit(node.data_source);
        if (std::find(result.begin(), result.end(), unit) == result.end()) result.push_back(unit);
      }
    }
  }
  return result;
}

NamedList<TableMetadataConfig> FoldDiscoveredMetadata(const CompiledRules& rules, const StorageUnitTables& tables) {
  return Folder(rules, tables).Run();
}

}  // namespace sqlroute::rules
