#pragma once
// Value equality of config structs. Paths (where an item was written) are not compared:
// the same rules loaded from YAML, from DistSQL or from an export are equal.
#include <tuple>

#include "config/rule_config.h"

namespace sqlroute::config {

template <typename T>
bool operator==(const Named<T>& a, const Named<T>& b) { return a.name == b.name && a.value == b.value; }

#define SQLROUTE_CONFIG_EQUALITY(Type, ...)                                                    \
  inline bool operator==(const Type& a, const Type& b) {                                       \
    auto fields = [](const Type& x) { return std::tie(__VA_ARGS__); };                         \
    return fields(a) == fields(b);                                                             \
  }                                                                                            \
  inline bool operator!=(const Type& a, const Type& b) { return !(a == b); }

SQLROUTE_CONFIG_EQUALITY(AlgorithmConfig, x.type, x.props)
SQLROUTE_CONFIG_EQUALITY(DataSourceConfig, x.props)
SQLROUTE_CONFIG_EQUALITY(StrategyConfig, x.kind, x.sharding_columns, x.algorithm_name)
SQLROUTE_CONFIG_EQUALITY(KeyGenerateStrategyConfig, x.column, x.key_generator_name)
SQLROUTE_CONFIG_EQUALITY(AuditStrategyConfig, x.auditor_names, x.allow_hint_disable)
SQLROUTE_CONFIG_EQUALITY(ShardingTableConfig, x.actual_data_nodes, x.database_strategy, x.table_strategy,
                         x.key_generate_strategy, x.audit_strategy)
SQLROUTE_CONFIG_EQUALITY(ShardingAutoTableConfig, x.actual_data_sources, x.sharding_strategy,
                         x.key_generate_strategy, x.audit_strategy)
SQLROUTE_CONFIG_EQUALITY(KeyGenerateStrategiesEntry, x.key_generate_type, x.key_generator_name, x.logic_table,
                         x.key_generate_column, x.key_generate_sequence)
SQLROUTE_CONFIG_EQUALITY(ShardingRuleConfig, x.tables, x.auto_tables, x.binding_groups, x.binding_group_names,
                         x.broadcast_tables, x.default_database_strategy, x.default_table_strategy,
                         x.default_key_generate_strategy, x.default_audit_strategy, x.default_sharding_column,
                         x.sharding_algorithms, x.key_generators, x.auditors, x.key_generate_strategies)
SQLROUTE_CONFIG_EQUALITY(BroadcastRuleConfig, x.tables)
SQLROUTE_CONFIG_EQUALITY(ReadwriteGroupConfig, x.write_data_source, x.read_data_sources,
                         x.transactional_read_query_strategy, x.load_balancer_name)
SQLROUTE_CONFIG_EQUALITY(ReadwriteSplittingRuleConfig, x.groups, x.load_balancers)
SQLROUTE_CONFIG_EQUALITY(EncryptColumnItemConfig, x.name, x.encryptor_name)
SQLROUTE_CONFIG_EQUALITY(EncryptColumnConfig, x.cipher, x.assisted_query, x.like_query, x.plain_column)
SQLROUTE_CONFIG_EQUALITY(EncryptTableConfig, x.columns, x.query_with_cipher_column)
SQLROUTE_CONFIG_EQUALITY(EncryptRuleConfig, x.tables, x.encryptors)
SQLROUTE_CONFIG_EQUALITY(ShadowDataSourceConfig, x.production_data_source, x.shadow_data_source)
SQLROUTE_CONFIG_EQUALITY(ShadowTableConfig, x.data_source_names, x.algorithm_names)
SQLROUTE_CONFIG_EQUALITY(ShadowRuleConfig, x.data_sources, x.tables, x.default_algorithm_name, x.algorithms)
SQLROUTE_CONFIG_EQUALITY(SingleRuleConfig, x.tables, x.default_data_source)
SQLROUTE_CONFIG_EQUALITY(ColumnMetadataConfig, x.name, x.visible, x.generated, x.auto_increment, x.primary_key)
SQLROUTE_CONFIG_EQUALITY(IndexMetadataConfig, x.name, x.columns, x.unique)
SQLROUTE_CONFIG_EQUALITY(ConstraintMetadataConfig, x.name, x.referenced_table)
SQLROUTE_CONFIG_EQUALITY(TableMetadataConfig, x.columns, x.indexes, x.constraints, x.data_source)
SQLROUTE_CONFIG_EQUALITY(RuleConfig, x.database_name, x.data_sources, x.sharding, x.broadcast,
                         x.readwrite_splitting, x.encrypt, x.shadow, x.single, x.props, x.metadata,
                         x.schema_known)

#undef SQLROUTE_CONFIG_EQUALITY

}  // namespace sqlroute::config
