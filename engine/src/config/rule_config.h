#pragma once
// Plain configuration structs: what a YAML file or a DistSQL script says, with no logic.
// RuleSet compilation validates them and turns them into immutable rules.
#include <optional>
#include <string>
#include <vector>

#include "sqlroute/props.h"

namespace sqlroute::config {

// Items keep their configured order: auto-table data nodes depend on it.
template <typename T>
struct Named {
  std::string name;
  T value;
  std::string path;  // YAML key path or DistSQL location, for errors
};
template <typename T>
using NamedList = std::vector<Named<T>>;

template <typename T>
const T* Find(const NamedList<T>& list, const std::string& name) {
  for (const auto& each : list) {
    if (each.name == name) return &each.value;
  }
  return nullptr;
}

struct AlgorithmConfig {
  std::string type;  // as written; compared case-insensitively
  Props props;
};

struct DataSourceConfig {
  Props props;  // url, username, password, pool settings: kept, secrets never printed
};

struct StrategyConfig {
  enum class Kind { None, Standard, Complex, Hint };
  Kind kind = Kind::None;
  std::string sharding_columns;  // Standard: one column (may be empty: defaultShardingColumn); Complex: comma list
  std::string algorithm_name;
};

struct KeyGenerateStrategyConfig {
  std::string column;
  std::string key_generator_name;
};

struct AuditStrategyConfig {
  std::vector<std::string> auditor_names;
  bool allow_hint_disable = true;
};

struct ShardingTableConfig {
  std::string actual_data_nodes;  // inline expression; empty = logic table on every data source
  std::optional<StrategyConfig> database_strategy;
  std::optional<StrategyConfig> table_strategy;
  std::optional<KeyGenerateStrategyConfig> key_generate_strategy;
  std::optional<AuditStrategyConfig> audit_strategy;
};

struct ShardingAutoTableConfig {
  std::string actual_data_sources;  // inline expression; empty = all data sources
  StrategyConfig sharding_strategy;  // Standard only
  std::optional<KeyGenerateStrategyConfig> key_generate_strategy;
  std::optional<AuditStrategyConfig> audit_strategy;
};

// 5.5.4 `keyGenerateStrategies.<name>`.
struct KeyGenerateStrategiesEntry {
  std::string key_generate_type = "column";  // column | sequence
  std::string key_generator_name;
  std::string logic_table;
  std::string key_generate_column;
  std::string key_generate_sequence;
};

struct ShardingRuleConfig {
  NamedList<ShardingTableConfig> tables;
  NamedList<ShardingAutoTableConfig> auto_tables;
  std::vector<std::vector<std::string>> binding_groups;  // each: logic tables of one group
  std::vector<std::string> binding_group_names;          // parallel to binding_groups; "" = unnamed
  std::vector<std::string> broadcast_tables;             // <= 5.3 form
  std::optional<StrategyConfig> default_database_strategy;
  std::optional<StrategyConfig> default_table_strategy;
  std::optional<KeyGenerateStrategyConfig> default_key_generate_strategy;
  std::optional<AuditStrategyConfig> default_audit_strategy;
  std::string default_sharding_column;
  NamedList<AlgorithmConfig> sharding_algorithms;
  NamedList<AlgorithmConfig> key_generators;
  NamedList<AlgorithmConfig> auditors;
  NamedList<KeyGenerateStrategiesEntry> key_generate_strategies;  // 5.5.4
  std::string path;  // YAML path of the rule ("rules[0]") or DistSQL location, for errors
};

struct BroadcastRuleConfig {
  std::vector<std::string> tables;
  std::string path;  // YAML path of the rule ("rules[0]") or DistSQL location, for errors
};

struct ReadwriteGroupConfig {
  std::string write_data_source;
  std::vector<std::string> read_data_sources;
  std::string transactional_read_query_strategy;  // PRIMARY | FIXED | DYNAMIC; empty = default
  std::string load_balancer_name;                  // empty = ROUND_ROBIN
  // Run-time state (DistSQL `ALTER READWRITE_SPLITTING RULE g DISABLE r`): replicas reads avoid.
  // Not part of the YAML form.
  std::vector<std::string> disabled_read_data_sources;
};

struct ReadwriteSplittingRuleConfig {
  NamedList<ReadwriteGroupConfig> groups;
  NamedList<AlgorithmConfig> load_balancers;
  std::string path;  // YAML path of the rule ("rules[0]") or DistSQL location, for errors
};

struct EncryptColumnItemConfig {
  std::string name;
  std::string encryptor_name;
};

struct EncryptColumnConfig {
  EncryptColumnItemConfig cipher;
  std::optional<EncryptColumnItemConfig> assisted_query;
  std::optional<EncryptColumnItemConfig> like_query;
  std::optional<std::string> plain_column;  // <= 5.3 form, kept for export
};

struct EncryptTableConfig {
  NamedList<EncryptColumnConfig> columns;  // name = logical column
  std::optional<bool> query_with_cipher_column;  // <= 5.3 form
};

struct EncryptRuleConfig {
  NamedList<EncryptTableConfig> tables;
  NamedList<AlgorithmConfig> encryptors;
  std::string path;  // YAML path of the rule ("rules[0]") or DistSQL location, for errors
};

struct ShadowDataSourceConfig {
  std::string production_data_source;
  std::string shadow_data_source;
};

struct ShadowTableConfig {
  std::vector<std::string> data_source_names;
  std::vector<std::string> algorithm_names;
};

struct ShadowRuleConfig {
  NamedList<ShadowDataSourceConfig> data_sources;
  NamedList<ShadowTableConfig> tables;
  std::string default_algorithm_name;
  NamedList<AlgorithmConfig> algorithms;
  std::string path;  // YAML path of the rule ("rules[0]") or DistSQL location, for errors
};

struct SingleRuleConfig {
  std::vector<std::string> tables;  // "ds.table", "ds.*", "*.*"
  std::string default_data_source;
  std::string path;  // YAML path of the rule ("rules[0]") or DistSQL location, for errors
};

// A column of a table, with the flags of ShardingSphere's ColumnMetaData that change routing or
// rewriting. ShardingSphere's `generated` means AUTO_INCREMENT (MySQLMetaDataLoader); here
// `generated` is a generated column (GENERATED ALWAYS AS) and `auto_increment` is its own flag.
struct ColumnMetadataConfig {
  std::string name;
  bool visible = true;  // false: MySQL / MariaDB INVISIBLE, left out of `*` and INSERT without a column list
  bool generated = false;
  bool auto_increment = false;
  bool primary_key = false;
};

// ShardingSphere's IndexMetaData.
struct IndexMetadataConfig {
  std::string name;
  std::vector<std::string> columns;
  bool unique = false;
};

// ShardingSphere's ConstraintMetaData (a foreign key and the table it references).
struct ConstraintMetadataConfig {
  std::string name;
  std::string referenced_table;
};

// A table's columns in ordinal order, indexes and constraints, optionally per data source ("" = any).
struct TableMetadataConfig {
  std::vector<ColumnMetadataConfig> columns;
  std::vector<IndexMetadataConfig> indexes;
  std::vector<ConstraintMetadataConfig> constraints;
  std::string data_source;

  std::vector<std::string> ColumnNames() const;
  // ShardingSphere's ShardingSphereTable::getVisibleColumns, by name.
  std::vector<std::string> VisibleColumnNames() const;
};

struct RuleConfig {
  std::string database_name;
  NamedList<DataSourceConfig> data_sources;
  std::optional<ShardingRuleConfig> sharding;
  std::optional<BroadcastRuleConfig> broadcast;
  std::optional<ReadwriteSplittingRuleConfig> readwrite_splitting;
  std::optional<EncryptRuleConfig> encrypt;
  std::optional<ShadowRuleConfig> shadow;
  std::optional<SingleRuleConfig> single;
  Props props;
  NamedList<TableMetadataConfig> metadata;  // name = logic table
  // The metadata is the database's schema, as ShardingSphere always has one: a `metadata:` section
  // was given (WithMetadata, WithTableDefinitions) or the storage units were read. ShardingSphere's
  // DDL existence checks (route/schema_checks.h) run only then.
  bool schema_known = false;
};

}  // namespace sqlroute::config
