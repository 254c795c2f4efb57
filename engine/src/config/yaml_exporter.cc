// Canonical 5.5-form YAML. Pre-5.4 facts that the 5.5 form cannot express are kept under
// their old keys (encrypt `plainColumn`, `queryWithCipherColumn`), which the loader reads back.
// Sharding `broadcastTables` (<= 5.3) are written into the !BROADCAST rule.
#include <yaml-cpp/yaml.h>

#include <algorithm>

#include "config/yaml_loader.h"

namespace sqlroute::config {

namespace {

const char kMask[] = "******";

class Exporter {
 public:
  explicit Exporter(bool include_secrets) : include_secrets_(include_secrets) {}

  std::string Export(const RuleConfig& config) {
    out_ << YAML::BeginMap;
    if (!config.database_name.empty()) Entry("databaseName", config.database_name);
    if (!config.data_sources.empty()) {
      out_ << YAML::Key << "dataSources" << YAML::Value << YAML::BeginMap;
      for (const auto& each : config.data_sources) {
        Key(each.name) << YAML::Value;
        WriteProps(each.value.props);
      }
      out_ << YAML::EndMap;
    }
    WriteRules(config);
    if (!config.props.empty()) {
      out_ << YAML::Key << "props" << YAML::Value;
      WriteProps(config.props);
    }
    if (!config.metadata.empty() || config.schema_known) WriteMetadata(config.metadata);
    out_ << YAML::EndMap;
    return std::string(out_.c_str()) + "\n";
  }

  // `metadata:` alone.
  std::string ExportMetadata(const NamedList<TableMetadataConfig>& metadata) {
    out_ << YAML::BeginMap;
    WriteMetadata(metadata);
    out_ << YAML::EndMap;
    return std::string(out_.c_str()) + "\n";
  }

 private:
  // A plain key of over 1024 characters cannot be read back (YAML's limit on implicit keys); an
  // escaped byte takes at most 4 characters, so longer names are written as explicit `? key`.
  YAML::Emitter& Key(const std::string& name) {
    if (name.size() > 255) out_ << YAML::LongKey;
    return out_ << YAML::Key << name;
  }
  void Entry(const std::string& key, const std::string& value) { Key(key) << YAML::Value << value; }
  void OptionalEntry(const std::string& key, const std::string& value) {
    if (!value.empty()) Entry(key, value);
  }
  void FlowList(const std::string& key, const std::vector<std::string>& items) {
    Key(key) << YAML::Value << YAML::Flow << YAML::BeginSeq;
    for (const auto& item : items) out_ << item;
    out_ << YAML::EndSeq;
  }

  void WriteProps(const Props& props) {
    out_ << YAML::BeginMap;
    for (const auto& [key, value] : props.items()) {
      Entry(key, include_secrets_ || !Props::IsSecretKey(key) ? value : kMask);
    }
    out_ << YAML::EndMap;
  }

  void WriteAlgorithms(const std::string& key, const NamedList<AlgorithmConfig>& algorithms) {
    if (algorithms.empty()) return;
    Key(key) << YAML::Value << YAML::BeginMap;
    for (const auto& each : algorithms) {
      Key(each.name) << YAML::Value << YAML::BeginMap;
      Entry("type", each.value.type);
      if (!each.value.props.empty()) {
        out_ << YAML::Key << "props" << YAML::Value;
        WriteProps(each.value.props);
      }
      out_ << YAML::EndMap;
    }
    out_ << YAML::EndMap;
  }

  void WriteRules(const RuleConfig& config) {
    std::vector<std::string> broadcast_tables;
    if (config.sharding) broadcast_tables = config.sharding->broadcast_tables;
    if (config.broadcast) {
      for (const auto& table : config.broadcast->tables) {
        if (std::find(broadcast_tables.begin(), broadcast_tables.end(), table) == broadcast_tables.end()) {
          broadcast_tables.push_back(table);
        }
      }
    }
    bool has_broadcast = config.broadcast.has_value() || !broadcast_tables.empty();
    if (!config.sharding && !has_broadcast && !config.readwrite_splitting && !config.encrypt && !config.shadow &&
        !config.single) {
      return;
    }
    out_ << YAML::Key << "rules" << YAML::Value << YAML::BeginSeq;
    if (config.sharding) WriteSharding(*config.sharding);
    if (has_broadcast) {
      out_ << YAML::LocalTag("BROADCAST") << YAML::BeginMap;
      FlowList("tables", broadcast_tables);
      out_ << YAML::EndMap;
    }
    if (config.readwrite_splitting) WriteReadwriteSplitting(*config.readwrite_splitting);
    if (config.encrypt) WriteEncrypt(*config.encrypt);
    if (config.shadow) WriteShadow(*config.shadow);
    if (config.single) WriteSingle(*config.single);
    out_ << YAML::EndSeq;
  }

  void WriteStrategy(const std::string& key, const std::optional<StrategyConfig>& strategy) {
    if (!strategy) return;
    Key(key) << YAML::Value << YAML::BeginMap;
    switch (strategy->kind) {
      case StrategyConfig::Kind::None:
        out_ << YAML::Key << "none" << YAML::Value << YAML::Null;
        break;
      case StrategyConfig::Kind::Standard:
        out_ << YAML::Key << "standard" << YAML::Value << YAML::BeginMap;
        OptionalEntry("shardingColumn", strategy->sharding_columns);
        break;
      case StrategyConfig::Kind::Complex:
        out_ << YAML::Key << "complex" << YAML::Value << YAML::BeginMap;
        Entry("shardingColumns", strategy->sharding_columns);
        break;
      case StrategyConfig::Kind::Hint:
        out_ << YAML::Key << "hint" << YAML::Value << YAML::BeginMap;
        break;
    }
    if (strategy->kind != StrategyConfig::Kind::None) {
      Entry("shardingAlgorithmName", strategy->algorithm_name);
      out_ << YAML::EndMap;
    }
    out_ << YAML::EndMap;
  }

  void WriteKeyGenerateStrategy(const std::string& key, const std::optional<KeyGenerateStrategyConfig>& strategy) {
    if (!strategy) return;
    Key(key) << YAML::Value << YAML::BeginMap;
    Entry("column", strategy->column);
    Entry("keyGeneratorName", strategy->key_generator_name);
    out_ << YAML::EndMap;
  }

  void WriteAuditStrategy(const std::string& key, const std::optional<AuditStrategyConfig>& strategy) {
    if (!strategy) return;
    Key(key) << YAML::Value << YAML::BeginMap;
    FlowList("auditorNames", strategy->auditor_names);
    out_ << YAML::Key << "allowHintDisable" << YAML::Value << (strategy->allow_hint_disable ? "true" : "false");
    out_ << YAML::EndMap;
  }

  void WriteSharding(const ShardingRuleConfig& rule) {
    out_ << YAML::LocalTag("SHARDING") << YAML::BeginMap;
    if (!rule.tables.empty()) {
      out_ << YAML::Key << "tables" << YAML::Value << YAML::BeginMap;
      for (const auto& each : rule.tables) {
        Key(each.name) << YAML::Value << YAML::BeginMap;
        OptionalEntry("actualDataNodes", each.value.actual_data_nodes);
        WriteStrategy("databaseStrategy", each.value.database_strategy);
        WriteStrategy("tableStrategy", each.value.table_strategy);
        WriteKeyGenerateStrategy("keyGenerateStrategy", each.value.key_generate_strategy);
        WriteAuditStrategy("auditStrategy", each.value.audit_strategy);
        out_ << YAML::EndMap;
      }
      out_ << YAML::EndMap;
    }
    if (!rule.auto_tables.empty()) {
      out_ << YAML::Key << "autoTables" << YAML::Value << YAML::BeginMap;
      for (const auto& each : rule.auto_tables) {
        Key(each.name) << YAML::Value << YAML::BeginMap;
        OptionalEntry("actualDataSources", each.value.actual_data_sources);
        WriteStrategy("shardingStrategy", each.value.sharding_strategy);
        WriteKeyGenerateStrategy("keyGenerateStrategy", each.value.key_generate_strategy);
        WriteAuditStrategy("auditStrategy", each.value.audit_strategy);
        out_ << YAML::EndMap;
      }
      out_ << YAML::EndMap;
    }
    if (!rule.binding_groups.empty()) {
      out_ << YAML::Key << "bindingTables" << YAML::Value << YAML::BeginSeq;
      for (std::size_t i = 0; i < rule.binding_groups.size(); ++i) {
        std::string item;
        if (i < rule.binding_group_names.size() && !rule.binding_group_names[i].empty()) {
          item = rule.binding_group_names[i] + ":";
        }
        for (std::size_t j = 0; j < rule.binding_groups[i].size(); ++j) {
          item += (j ? "," : "") + rule.binding_groups[i][j];
        }
        out_ << item;
      }
      out_ << YAML::EndSeq;
    }
    WriteStrategy("defaultDatabaseStrategy", rule.default_database_strategy);
    WriteStrategy("defaultTableStrategy", rule.default_table_strategy);
    WriteKeyGenerateStrategy("defaultKeyGenerateStrategy", rule.default_key_generate_strategy);
    WriteAuditStrategy("defaultAuditStrategy", rule.default_audit_strategy);
    OptionalEntry("defaultShardingColumn", rule.default_sharding_column);
    WriteAlgorithms("shardingAlgorithms", rule.sharding_algorithms);
    WriteAlgorithms("keyGenerators", rule.key_generators);
    WriteAlgorithms("auditors", rule.auditors);
    if (!rule.key_generate_strategies.empty()) {
      out_ << YAML::Key << "keyGenerateStrategies" << YAML::Value << YAML::BeginMap;
      for (const auto& each : rule.key_generate_strategies) {
        Key(each.name) << YAML::Value << YAML::BeginMap;
        Entry("keyGenerateType", each.value.key_generate_type);
        Entry("keyGeneratorName", each.value.key_generator_name);
        OptionalEntry("logicTable", each.value.logic_table);
        OptionalEntry("keyGenerateColumn", each.value.key_generate_column);
        OptionalEntry("keyGenerateSequence", each.value.key_generate_sequence);
        out_ << YAML::EndMap;
      }
      out_ << YAML::EndMap;
    }
    out_ << YAML::EndMap;
  }

  void WriteReadwriteSplitting(const ReadwriteSplittingRuleConfig& rule) {
    out_ << YAML::LocalTag("READWRITE_SPLITTING") << YAML::BeginMap;
    out_ << YAML::Key << "dataSourceGroups" << YAML::Value << YAML::BeginMap;
    for (const auto& each : rule.groups) {
      Key(each.name) << YAML::Value << YAML::BeginMap;
      Entry("writeDataSourceName", each.value.write_data_source);
      FlowList("readDataSourceNames", each.value.read_data_sources);
      OptionalEntry("transactionalReadQueryStrategy", each.value.transactional_read_query_strategy);
      OptionalEntry("loadBalancerName", each.value.load_balancer_name);
      out_ << YAML::EndMap;
    }
    out_ << YAML::EndMap;
    WriteAlgorithms("loadBalancers", rule.load_balancers);
    out_ << YAML::EndMap;
  }

  void WriteColumnItem(const std::string& key, const EncryptColumnItemConfig& item) {
    Key(key) << YAML::Value << YAML::Flow << YAML::BeginMap;
    Entry("name", item.name);
    OptionalEntry("encryptorName", item.encryptor_name);
    out_ << YAML::EndMap;
  }

  void WriteEncrypt(const EncryptRuleConfig& rule) {
    out_ << YAML::LocalTag("ENCRYPT") << YAML::BeginMap;
    out_ << YAML::Key << "tables" << YAML::Value << YAML::BeginMap;
    for (const auto& table : rule.tables) {
      Key(table.name) << YAML::Value << YAML::BeginMap;
      out_ << YAML::Key << "columns" << YAML::Value << YAML::BeginMap;
      for (const auto& column : table.value.columns) {
        Key(column.name) << YAML::Value << YAML::BeginMap;
        WriteColumnItem("cipher", column.value.cipher);
        if (column.value.assisted_query) WriteColumnItem("assistedQuery", *column.value.assisted_query);
        if (column.value.like_query) WriteColumnItem("likeQuery", *column.value.like_query);
        if (column.value.plain_column) Entry("plainColumn", *column.value.plain_column);
        out_ << YAML::EndMap;
      }
      out_ << YAML::EndMap;
      if (table.value.query_with_cipher_column) {
        Entry("queryWithCipherColumn", *table.value.query_with_cipher_column ? "true" : "false");
      }
      out_ << YAML::EndMap;
    }
    out_ << YAML::EndMap;
    WriteAlgorithms("encryptors", rule.encryptors);
    out_ << YAML::EndMap;
  }

  void WriteShadow(const ShadowRuleConfig& rule) {
    out_ << YAML::LocalTag("SHADOW") << YAML::BeginMap;
    out_ << YAML::Key << "dataSources" << YAML::Value << YAML::BeginMap;
    for (const auto& each : rule.data_sources) {
      Key(each.name) << YAML::Value << YAML::BeginMap;
      Entry("productionDataSourceName", each.value.production_data_source);
      Entry("shadowDataSourceName", each.value.shadow_data_source);
      out_ << YAML::EndMap;
    }
    out_ << YAML::EndMap;
    out_ << YAML::Key << "tables" << YAML::Value << YAML::BeginMap;
    for (const auto& each : rule.tables) {
      Key(each.name) << YAML::Value << YAML::BeginMap;
      FlowList("dataSourceNames", each.value.data_source_names);
      FlowList("shadowAlgorithmNames", each.value.algorithm_names);
      out_ << YAML::EndMap;
    }
    out_ << YAML::EndMap;
    OptionalEntry("defaultShadowAlgorithmName", rule.default_algorithm_name);
    WriteAlgorithms("shadowAlgorithms", rule.algorithms);
    out_ << YAML::EndMap;
  }

  void WriteSingle(const SingleRuleConfig& rule) {
    out_ << YAML::LocalTag("SINGLE") << YAML::BeginMap;
    FlowList("tables", rule.tables);
    OptionalEntry("defaultDataSource", rule.default_data_source);
    out_ << YAML::EndMap;
  }

  // Tables in first-seen order; one entry per data source. A table of plain columns on any data
  // source is a flow list of names, as it is usually written.
  void WriteMetadata(const NamedList<TableMetadataConfig>& metadata) {
    out_ << YAML::Key << "metadata" << YAML::Value;
    if (metadata.empty()) out_ << YAML::Flow;  // `metadata: {}`: an empty schema
    out_ << YAML::BeginMap;
    std::vector<std::string> written;
    for (const auto& first : metadata) {
      if (std::find(written.begin(), written.end(), first.name) != written.end()) continue;
      written.push_back(first.name);
      std::vector<const TableMetadataConfig*> entries;
      for (const auto& each : metadata) {
        if (each.name == first.name) entries.push_back(&each.value);
      }
      Key(first.name) << YAML::Value;
      if (entries.size() == 1 && entries.front()->data_source.empty() && IsPlain(*entries.front())) {
        out_ << YAML::Flow << entries.front()->ColumnNames();
        continue;
      }
      if (entries.size() == 1 && entries.front()->data_source.empty()) {
        WriteTableEntry(*entries.front());
        continue;
      }
      out_ << YAML::BeginSeq;
      for (const auto* entry : entries) WriteTableEntry(*entry);
      out_ << YAML::EndSeq;
    }
    out_ << YAML::EndMap;
  }

  static bool IsPlain(const ColumnMetadataConfig& column) {
    return column.visible && !column.generated && !column.auto_increment && !column.primary_key;
  }
  static bool IsPlain(const TableMetadataConfig& table) {
    return table.indexes.empty() && table.constraints.empty() &&
           std::all_of(table.columns.begin(), table.columns.end(), [](const auto& each) { return IsPlain(each); });
  }

  void WriteTableEntry(const TableMetadataConfig& table) {
    out_ << YAML::BeginMap;
    Key("columns") << YAML::Value << YAML::BeginSeq;
    for (const auto& column : table.columns) WriteColumn(column);
    out_ << YAML::EndSeq;
    if (!table.indexes.empty()) {
      Key("indexes") << YAML::Value << YAML::BeginSeq;
      for (const auto& index : table.indexes) {
        out_ << YAML::Flow << YAML::BeginMap;
        Entry("name", index.name);
        FlowList("columns", index.columns);
        if (index.unique) Key("unique") << YAML::Value << true;
        out_ << YAML::EndMap;
      }
      out_ << YAML::EndSeq;
    }
    if (!table.constraints.empty()) {
      Key("constraints") << YAML::Value << YAML::BeginSeq;
      for (const auto& constraint : table.constraints) {
        out_ << YAML::Flow << YAML::BeginMap;
        Entry("name", constraint.name);
        OptionalEntry("referencedTable", constraint.referenced_table);
        out_ << YAML::EndMap;
      }
      out_ << YAML::EndSeq;
    }
    OptionalEntry("dataSource", table.data_source);
    out_ << YAML::EndMap;
  }

  void WriteColumn(const ColumnMetadataConfig& column) {
    if (IsPlain(column)) {
      out_ << column.name;
      return;
    }
    out_ << YAML::Flow << YAML::BeginMap;
    Entry("name", column.name);
    if (!column.visible) Key("visible") << YAML::Value << false;
    if (column.generated) Key("generated") << YAML::Value << true;
    if (column.auto_increment) Key("autoIncrement") << YAML::Value << true;
    if (column.primary_key) Key("primaryKey") << YAML::Value << true;
    out_ << YAML::EndMap;
  }

  bool include_secrets_;
  YAML::Emitter out_;
};

}  // namespace

std::string ExportYaml(const RuleConfig& config, bool include_secrets) {
  return Exporter(include_secrets).Export(config);
}

std::string ExportMetadataYaml(const NamedList<TableMetadataConfig>& metadata) {
  return Exporter(false).ExportMetadata(metadata);
}

}  // namespace sqlroute::config
