#pragma once
// The compiled sharding rule: every sharding table with its data nodes, strategies and
// algorithms, binding groups, and broadcast tables. Immutable once built.
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

#include "config/rule_config.h"
#include "sqlroute/algorithm.h"

namespace sqlroute::rules {

struct DataNode {
  std::string data_source;
  std::string table;
};

struct ShardingStrategy {
  config::StrategyConfig::Kind kind = config::StrategyConfig::Kind::None;
  std::vector<std::string> columns;       // lower-cased, for matching
  std::vector<std::string> column_names;  // as configured: INLINE variables use these
  std::string algorithm_name;
  std::string algorithm_type;  // the configured type, upper-cased (MOD, INLINE, ...)
  // The algorithm's DoRangeSharding narrows a range (MOD, VOLUME_RANGE, BOUNDARY_RANGE, AUTO_INTERVAL,
  // INTERVAL); the other built-ins answer every target.
  bool narrows_ranges = false;
  // Values equal under any collation go to one target: the algorithm reads the value as a number
  // or a date (MOD without offsets, VOLUME_RANGE, BOUNDARY_RANGE, AUTO_INTERVAL, INTERVAL). A
  // string hash (HASH_MOD, INLINE, CLASS_BASED) may send 'a' and 'A' apart.
  bool equal_values_one_target = false;
  ShardingAlgorithm algorithm;
  // What a standard algorithm is told (logic table, column, node naming): set by ShardingRule.
  std::optional<ShardingTarget> target;
  // Precise partitions (PrecisePartitions) tabulated by ShardingRule: for each target list the
  // strategy chooses from (database strategy: the data sources; table strategy: each data
  // source's actual tables, in data_sources order), the index of each partition's target in
  // it, -1 where none matches. Empty when there are no partitions or too many to tabulate.
  std::vector<std::vector<int32_t>> partition_targets;
  // For each tabulated target list: whether it is strictly ascending as LessIgnoreCase orders,
  // so that targets chosen in its order need no sorting.
  std::vector<bool> targets_ascending;
};

struct KeyGenerateStrategy {
  std::string column;  // as configured
  std::string generator_name;
  std::shared_ptr<const KeyGenerator> generator;
};

struct ShardingTable {
  std::string logic_table;  // as configured
  bool auto_table = false;
  std::vector<DataNode> nodes;               // configured order
  std::vector<std::string> data_sources;     // distinct, in node order
  std::vector<std::vector<std::string>> actual_tables;  // per data source (data_sources order), in node order
  std::unordered_map<std::string, std::size_t> data_source_index;  // into data_sources
  ShardingStrategy database_strategy;
  ShardingStrategy table_strategy;
  DataNodeInfo data_source_info;
  DataNodeInfo table_info;
  std::optional<KeyGenerateStrategy> key_generate;
  std::vector<std::shared_ptr<const ShardingAuditor>> auditors;
  std::vector<std::string> auditor_names;
  bool allow_hint_disable_audit = true;
  int binding_group = -1;
  bool distinct_nodes = false;  // no data node listed twice (set by ShardingRule)
  bool distinct_table_names = false;  // no actual table name on two data nodes (set by ShardingRule)

  const std::vector<std::string>& ActualTables(const std::string& data_source) const;
  int DataSourceIndex(const std::string& data_source) const;  // -1: not a data source of the table
  // Index of `table` among the actual tables of `data_source`, or -1.
  int ActualTableIndex(const std::string& data_source, const std::string& table) const;
  bool IsShardingColumn(const std::string& lower_column) const { return ShardingColumn(lower_column) != nullptr; }
  // The strategies' (lower-case) name of sharding column `column`, in any case; null when it is none.
  const std::string* ShardingColumn(std::string_view column) const;
};

class ShardingRule {
 public:
  ShardingRule(std::vector<ShardingTable> tables, std::vector<std::vector<std::string>> binding_groups);

  const ShardingTable* Find(const std::string& logic_table) const;  // case-insensitive
  const std::vector<ShardingTable>& tables() const { return tables_; }
  // True when all the (sharding) tables belong to one binding group.
  bool AllInOneBindingGroup(const std::vector<const ShardingTable*>& tables) const;
  // The actual table of `other` bound to `actual_table` of `table` on `data_source`.
  std::string BindingActualTable(const ShardingTable& table, const ShardingTable& other,
                                 const std::string& data_source, const std::string& actual_table) const;

 private:
  std::vector<ShardingTable> tables_;
  std::unordered_map<std::string, std::size_t> index_;  // lower-cased logic name
  std::vector<std::vector<std::string>> binding_groups_;
};

}  // namespace sqlroute::rules
