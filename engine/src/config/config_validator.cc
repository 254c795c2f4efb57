#include "config/config_validator.h"

#include <algorithm>
#include <cctype>
#include <set>

#include "config/diagnostics.h"
#include "sqlroute/error_text.h"

namespace sqlroute::config {

namespace {

std::string Join(const std::string& path, const std::string& key) { return path.empty() ? key : path + "." + key; }

std::string Upper(std::string text) {
  std::transform(text.begin(), text.end(), text.begin(), [](unsigned char c) { return std::toupper(c); });
  return text;
}

template <typename T>
void CheckUniqueNames(const NamedList<T>& list, const std::string& what) {
  std::set<std::string> seen;
  for (const auto& each : list) {
    if (!seen.insert(each.name).second) {
      Report(Error(Message<msg::DuplicateName>(arg::what = what, arg::name = each.name), each.path));
    }
  }
}

template <typename T>
void CheckAlgorithmsHaveType(const NamedList<T>& list) {
  for (const auto& each : list) {
    if (each.value.type.empty()) Report(Error(Message<msg::MissingKey>(arg::key = "type"), each.path));
  }
}

// False (after reporting) when the value is missing.
bool RequireValue(const std::string& value, const std::string& key, const std::string& path) {
  if (!value.empty()) return true;
  Report(Error(Message<msg::MissingKey>(arg::key = key), path));
  return false;
}

// False (after reporting) when no algorithm of the list has the name.
bool RequireDefined(const NamedList<AlgorithmConfig>& list, const std::string& name, const std::string& what,
                    const std::string& path) {
  if (Find(list, name)) return true;
  Report(Error(Message<msg::AlgorithmNotDefined>(arg::what = what, arg::name = name), path));
  return false;
}

class ShardingValidator {
 public:
  explicit ShardingValidator(const ShardingRuleConfig& rule) : rule_(rule) {}

  void Run() {
    CheckUniqueNames(rule_.sharding_algorithms, "sharding algorithm");
    CheckUniqueNames(rule_.key_generators, "key generator");
    CheckUniqueNames(rule_.auditors, "auditor");
    CheckUniqueNames(rule_.key_generate_strategies, "key generate strategy");
    CheckAlgorithmsHaveType(rule_.sharding_algorithms);
    CheckAlgorithmsHaveType(rule_.key_generators);
    CheckAlgorithmsHaveType(rule_.auditors);
    CheckTables();
    CheckBindingGroups();
    Strategy(rule_.default_database_strategy, Join(rule_.path, "defaultDatabaseStrategy"));
    Strategy(rule_.default_table_strategy, Join(rule_.path, "defaultTableStrategy"));
    KeyGenerate(rule_.default_key_generate_strategy, Join(rule_.path, "defaultKeyGenerateStrategy"));
    Audit(rule_.default_audit_strategy, Join(rule_.path, "defaultAuditStrategy"));
    for (const auto& each : rule_.key_generate_strategies) {
      if (!each.value.key_generator_name.empty()) {
        RequireDefined(rule_.key_generators, each.value.key_generator_name, "key generator", each.path);
      }
      if (!each.value.logic_table.empty() && !IsShardingTable(each.value.logic_table)) {
        Report(Error(Message<msg::LogicTableNotSharding>(arg::table = each.value.logic_table), each.path));
      }
    }
  }

 private:
  bool IsShardingTable(const std::string& name) const {
    return Find(rule_.tables, name) || Find(rule_.auto_tables, name);
  }

  void CheckTables() {
    std::set<std::string> names;
    auto check_name = [&](const std::string& name, const std::string& path) {
      if (!names.insert(name).second) {
        Report(Error(Message<msg::DuplicateName>(arg::what = "sharding table", arg::name = name), path));
      }
    };
    for (const auto& each : rule_.tables) {
      check_name(each.name, each.path);
      Strategy(each.value.database_strategy, Join(each.path, "databaseStrategy"));
      Strategy(each.value.table_strategy, Join(each.path, "tableStrategy"));
      KeyGenerate(each.value.key_generate_strategy, Join(each.path, "keyGenerateStrategy"));
      Audit(each.value.audit_strategy, Join(each.path, "auditStrategy"));
    }
    for (const auto& each : rule_.auto_tables) {
      check_name(each.name, each.path);
      std::string path = Join(each.path, "shardingStrategy");
      if (each.value.sharding_strategy.kind != StrategyConfig::Kind::Standard) {
        Report(Error(Message<msg::AutoTableStrategyNotStandard>(), path));
      }
      Strategy(each.value.sharding_strategy, path);
      KeyGenerate(each.value.key_generate_strategy, Join(each.path, "keyGenerateStrategy"));
      Audit(each.value.audit_strategy, Join(each.path, "auditStrategy"));
    }
  }

  void CheckBindingGroups() {
    std::set<std::string> bound;
    std::string path = Join(rule_.path, "bindingTables");
    for (std::size_t i = 0; i < rule_.binding_groups.size(); ++i) {
      std::string item_path = path + "[" + std::to_string(i) + "]";
      for (const auto& table : rule_.binding_groups[i]) {
        if (!IsShardingTable(table)) {
          Report(Error(Message<msg::BindingTableNotSharding>(arg::table = table), item_path));
        }
        if (!bound.insert(table).second) {
          Report(Error(Message<msg::TableInTwoBindingGroups>(arg::table = table), item_path));
        }
      }
    }
  }

  void Strategy(const std::optional<StrategyConfig>& strategy, const std::string& path) {
    if (strategy) Strategy(*strategy, path);
  }
  void Strategy(const StrategyConfig& strategy, const std::string& path) {
    if (strategy.kind == StrategyConfig::Kind::None) return;
    bool named = RequireValue(strategy.algorithm_name, "shardingAlgorithmName", path);
    if (strategy.kind == StrategyConfig::Kind::Complex) {
      RequireValue(strategy.sharding_columns, "shardingColumns", path);
    }
    if (named) RequireDefined(rule_.sharding_algorithms, strategy.algorithm_name, "sharding algorithm", path);
  }

  void KeyGenerate(const std::optional<KeyGenerateStrategyConfig>& strategy, const std::string& path) {
    if (!strategy) return;
    RequireValue(strategy->column, "column", path);
    if (RequireValue(strategy->key_generator_name, "keyGeneratorName", path)) {
      RequireDefined(rule_.key_generators, strategy->key_generator_name, "key generator", path);
    }
  }

  void Audit(const std::optional<AuditStrategyConfig>& strategy, const std::string& path) {
    if (!strategy) return;
    for (const auto& name : strategy->auditor_names) RequireDefined(rule_.auditors, name, "auditor", path);
  }

  const ShardingRuleConfig& rule_;
};

// The names a rule may refer to: storage units and, since ShardingSphere maps every rule's logical
// data sources (DataSourceMapperRuleAttribute), read/write groups and shadow data sources in any
// order of the rules. Cycles are found when the rules compile (rules::DataSourceGraph).
class DataSourceNames {
 public:
  explicit DataSourceNames(const RuleConfig& config) : checked_(!config.data_sources.empty()) {
    for (const auto& each : config.data_sources) known_.insert(each.name);
    if (config.readwrite_splitting) {
      for (const auto& each : config.readwrite_splitting->groups) known_.insert(each.name);
    }
    if (config.shadow) {
      for (const auto& each : config.shadow->data_sources) known_.insert(each.name);
    }
  }
  void Require(const std::string& name, const std::string& path) const {
    if (!checked_ || known_.count(name)) return;
    Report(Error(Message<msg::DataSourceNotDefined>(arg::name = name), path));
  }

 private:
  bool checked_;
  std::set<std::string> known_;
};

void ValidateReadwriteSplitting(const ReadwriteSplittingRuleConfig& rule, const RuleConfig& config,
                                const DataSourceNames& data_sources) {
  CheckUniqueNames(rule.groups, "read/write splitting group");
  CheckUniqueNames(rule.load_balancers, "load balancer");
  CheckAlgorithmsHaveType(rule.load_balancers);
  for (const auto& each : rule.groups) {
    if (Find(config.data_sources, each.name)) {
      Report(Error(Message<msg::GroupNamedLikeDataSource>(arg::name = each.name), each.path));
    }
    const auto& group = each.value;
    if (RequireValue(group.write_data_source, "writeDataSourceName", each.path)) {
      data_sources.Require(group.write_data_source, Join(each.path, "writeDataSourceName"));
    }
    for (const auto& read : group.read_data_sources) {
      data_sources.Require(read, Join(each.path, "readDataSourceNames"));
    }
    const std::string& strategy = group.transactional_read_query_strategy;
    if (!strategy.empty() && Upper(strategy) != "PRIMARY" && Upper(strategy) != "FIXED" &&
        Upper(strategy) != "DYNAMIC") {
      Report(Error(Message<msg::TransactionalReadQueryStrategyInvalid>(),
                   Join(each.path, "transactionalReadQueryStrategy")));
    }
    if (!group.load_balancer_name.empty()) {
      RequireDefined(rule.load_balancers, group.load_balancer_name, "load balancer", Join(each.path, "loadBalancerName"));
    }
  }
}

void ValidateEncrypt(const EncryptRuleConfig& rule) {
  CheckUniqueNames(rule.tables, "encrypt table");
  CheckUniqueNames(rule.encryptors, "encryptor");
  CheckAlgorithmsHaveType(rule.encryptors);
  for (const auto& table : rule.tables) {
    CheckUniqueNames(table.value.columns, "encrypt column");
    for (const auto& column : table.value.columns) {
      const auto& cipher = column.value.cipher;
      std::string cipher_path = Join(column.path, "cipher");
      RequireValue(cipher.name, "name", cipher_path);
      if (RequireValue(cipher.encryptor_name, "encryptorName", cipher_path)) {
        RequireDefined(rule.encryptors, cipher.encryptor_name, "encryptor", cipher_path);
      }
      for (const auto& [key, item] : {std::make_pair("assistedQuery", &column.value.assisted_query),
                                      std::make_pair("likeQuery", &column.value.like_query)}) {
        if (!*item) continue;
        std::string item_path = Join(column.path, key);
        RequireValue((*item)->name, "name", item_path);
        // Before 5.3 the cipher encryptor also produced assisted values: no name of its own.
        if (!(*item)->encryptor_name.empty()) {
          RequireDefined(rule.encryptors, (*item)->encryptor_name, "encryptor", item_path);
        }
      }
    }
  }
}

bool IsColumnShadowType(const std::string& type) {
  return Upper(type) == "VALUE_MATCH" || Upper(type) == "REGEX_MATCH";
}

void ValidateShadow(const ShadowRuleConfig& rule, const RuleConfig& config, const DataSourceNames& data_sources) {
  CheckUniqueNames(rule.data_sources, "shadow data source");
  CheckUniqueNames(rule.tables, "shadow table");
  CheckUniqueNames(rule.algorithms, "shadow algorithm");
  CheckAlgorithmsHaveType(rule.algorithms);
  for (const auto& each : rule.data_sources) {
    if (Find(config.data_sources, each.name) ||
        (config.readwrite_splitting && Find(config.readwrite_splitting->groups, each.name))) {
      Report(Error(Message<msg::DuplicateName>(arg::what = "data source", arg::name = each.name), each.path));
    }
    if (RequireValue(each.value.production_data_source, "productionDataSourceName", each.path)) {
      data_sources.Require(each.value.production_data_source, Join(each.path, "productionDataSourceName"));
    }
    if (RequireValue(each.value.shadow_data_source, "shadowDataSourceName", each.path)) {
      data_sources.Require(each.value.shadow_data_source, Join(each.path, "shadowDataSourceName"));
    }
  }
  for (const auto& each : rule.tables) {
    for (const auto& name : each.value.data_source_names) {
      if (!Find(rule.data_sources, name)) {
        Report(Error(Message<msg::ShadowDataSourceNotDefined>(arg::name = name), Join(each.path, "dataSourceNames")));
      }
    }
    for (const auto& name : each.value.algorithm_names) {
      RequireDefined(rule.algorithms, name, "shadow algorithm", Join(each.path, "shadowAlgorithmNames"));
    }
  }
  if (!rule.default_algorithm_name.empty()) {
    std::string path = Join(rule.path, "defaultShadowAlgorithmName");
    if (RequireDefined(rule.algorithms, rule.default_algorithm_name, "shadow algorithm", path) &&
        IsColumnShadowType(Find(rule.algorithms, rule.default_algorithm_name)->type)) {
      Report(Error(Message<msg::DefaultShadowNotHint>(), path));
    }
  }
}

void ValidateMetadata(const NamedList<TableMetadataConfig>& metadata) {
  std::set<std::pair<std::string, std::string>> seen;
  for (const auto& each : metadata) {
    if (!seen.insert({each.name, each.value.data_source}).second) {
      Report(Error(Message<msg::DuplicateName>(arg::what = "metadata for table", arg::name = each.name), each.path));
    }
    if (each.value.columns.empty()) {
      Report(Error(Message<msg::TableWithoutColumns>(arg::table = each.name), each.path));
    }
  }
}

}  // namespace

void Validate(const RuleConfig& config) {
  CheckUniqueNames(config.data_sources, "data source");
  DataSourceNames data_sources(config);
  if (config.sharding) ShardingValidator(*config.sharding).Run();
  if (config.readwrite_splitting) ValidateReadwriteSplitting(*config.readwrite_splitting, config, data_sources);
  if (config.encrypt) ValidateEncrypt(*config.encrypt);
  if (config.shadow) ValidateShadow(*config.shadow, config, data_sources);
  if (config.single && !config.single->default_data_source.empty()) {
    data_sources.Require(config.single->default_data_source, Join(config.single->path, "defaultDataSource"));
  }
  ValidateMetadata(config.metadata);
}

}  // namespace sqlroute::config
