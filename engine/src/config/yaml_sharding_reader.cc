// !SHARDING in every 5.x form: tables, autoTables, bindingTables, default strategies,
// broadcastTables (<= 5.3) and keyGenerateStrategies (5.5.4).
#include "config/diagnostics.h"
#include "config/yaml_reader.h"
#include "config/yaml_rule_readers.h"
#include "sqlroute/error_text.h"

namespace sqlroute::config::yaml {

namespace {

StrategyConfig ReadStrategyBody(StrategyConfig::Kind kind, const YAML::Node& node, const std::string& path) {
  MapReader reader(node, path);
  StrategyConfig result;
  result.kind = kind;
  if (kind == StrategyConfig::Kind::Standard) result.sharding_columns = reader.Scalar("shardingColumn").value_or("");
  if (kind == StrategyConfig::Kind::Complex) result.sharding_columns = reader.RequiredScalar("shardingColumns");
  result.algorithm_name = reader.RequiredScalar("shardingAlgorithmName");
  reader.RejectUnknownKeys();
  return result;
}

// An empty strategy map means "use the default"; `none:` is an explicit none strategy.
std::optional<StrategyConfig> ReadStrategy(const YAML::Node& node, const std::string& path) {
  MapReader reader(node, path);
  std::vector<std::string> keys = reader.Keys();
  if (keys.empty()) return std::nullopt;
  if (keys.size() > 1) Report(Error(Message<msg::MultipleStrategies>(), path));
  const std::string& key = keys.front();
  YAML::Node body = reader.Child(key);
  std::string body_path = reader.PathOf(key);
  if (key == "standard") return ReadStrategyBody(StrategyConfig::Kind::Standard, body, body_path);
  if (key == "complex") return ReadStrategyBody(StrategyConfig::Kind::Complex, body, body_path);
  if (key == "hint") return ReadStrategyBody(StrategyConfig::Kind::Hint, body, body_path);
  if (key == "none") return StrategyConfig{};
  Report(Error(Message<msg::UnknownShardingStrategy>(arg::key = key), path));
  return std::nullopt;
}

std::optional<KeyGenerateStrategyConfig> ReadKeyGenerateStrategy(const YAML::Node& node, const std::string& path) {
  if (!node.IsDefined() || node.IsNull()) return std::nullopt;
  MapReader reader(node, path);
  KeyGenerateStrategyConfig result;
  result.column = reader.RequiredScalar("column");
  result.key_generator_name = reader.RequiredScalar("keyGeneratorName");
  reader.RejectUnknownKeys();
  return result;
}

std::optional<AuditStrategyConfig> ReadAuditStrategy(const YAML::Node& node, const std::string& path) {
  if (!node.IsDefined() || node.IsNull()) return std::nullopt;
  MapReader reader(node, path);
  AuditStrategyConfig result;
  result.auditor_names = reader.List("auditorNames");
  result.allow_hint_disable = reader.Bool("allowHintDisable").value_or(true);
  reader.RejectUnknownKeys();
  return result;
}

ShardingTableConfig ReadTable(const YAML::Node& node, const std::string& path) {
  MapReader reader(node, path);
  ShardingTableConfig result;
  result.actual_data_nodes = reader.Scalar("actualDataNodes").value_or("");
  result.database_strategy = ReadStrategy(reader.Child("databaseStrategy"), reader.PathOf("databaseStrategy"));
  result.table_strategy = ReadStrategy(reader.Child("tableStrategy"), reader.PathOf("tableStrategy"));
  result.key_generate_strategy =
      ReadKeyGenerateStrategy(reader.Child("keyGenerateStrategy"), reader.PathOf("keyGenerateStrategy"));
  result.audit_strategy = ReadAuditStrategy(reader.Child("auditStrategy"), reader.PathOf("auditStrategy"));
  reader.Ignore("logicTable");  // 5.0 repeated the map key here
  reader.RejectUnknownKeys();
  return result;
}

ShardingAutoTableConfig ReadAutoTable(const YAML::Node& node, const std::string& path) {
  MapReader reader(node, path);
  ShardingAutoTableConfig result;
  result.actual_data_sources = reader.Scalar("actualDataSources").value_or("");
  std::string strategy_path = reader.PathOf("shardingStrategy");
  auto strategy = ReadStrategy(reader.Child("shardingStrategy"), strategy_path);
  if (!strategy) throw Error(Message<msg::MissingKey>(arg::key = "shardingStrategy"), path);
  if (strategy->kind != StrategyConfig::Kind::Standard) {
    Report(Error(Message<msg::AutoTableStrategyNotStandard>(), strategy_path));
  }
  result.sharding_strategy = *strategy;
  result.key_generate_strategy =
      ReadKeyGenerateStrategy(reader.Child("keyGenerateStrategy"), reader.PathOf("keyGenerateStrategy"));
  result.audit_strategy = ReadAuditStrategy(reader.Child("auditStrategy"), reader.PathOf("auditStrategy"));
  reader.Ignore("logicTable");
  reader.RejectUnknownKeys();
  return result;
}

KeyGenerateStrategiesEntry ReadKeyGenerateStrategiesEntry(const YAML::Node& node, const std::string& path) {
  MapReader reader(node, path);
  KeyGenerateStrategiesEntry result;
  result.key_generate_type = reader.Scalar("keyGenerateType").value_or("column");
  if (result.key_generate_type != "column" && result.key_generate_type != "sequence") {
    Report(Error(Message<msg::KeyGenerateTypeInvalid>(), reader.PathOf("keyGenerateType")));
  }
  result.key_generator_name = reader.RequiredScalar("keyGeneratorName");
  if (result.key_generate_type == "column") {
    result.logic_table = reader.RequiredScalar("logicTable");
    result.key_generate_column = reader.RequiredScalar("keyGenerateColumn");
  } else {
    result.logic_table = reader.Scalar("logicTable").value_or("");
    result.key_generate_sequence = reader.RequiredScalar("keyGenerateSequence");
  }
  reader.RejectUnknownKeys();
  return result;
}

// Items are "t_order,t_order_item" or, since 5.4, "ref_name:t_order,t_order_item".
void ReadBindingGroups(const YAML::Node& node, const std::string& path, ShardingRuleConfig& rule) {
  if (!node.IsDefined() || node.IsNull()) return;
  if (!node.IsSequence()) throw Error(Message<msg::ExpectedList>(), path);
  for (std::size_t i = 0; i < node.size(); ++i) {
    std::string text = ScalarText(node[i], path + "[" + std::to_string(i) + "]");
    auto colon = text.find(':');
    rule.binding_group_names.push_back(colon == std::string::npos ? "" : text.substr(0, colon));
    rule.binding_groups.push_back(SplitCommaList(colon == std::string::npos ? text : text.substr(colon + 1)));
  }
}

}  // namespace

ShardingRuleConfig ReadShardingRule(const YAML::Node& node, const std::string& path) {
  MapReader reader(node, path);
  ShardingRuleConfig result;
  result.path = path;
  ForEachEntry(reader.Child("tables"), reader.PathOf("tables"),
               [&](const std::string& name, const YAML::Node& value, const std::string& item_path) {
                 result.tables.push_back({name, ReadTable(value, item_path), item_path});
               });
  ForEachEntry(reader.Child("autoTables"), reader.PathOf("autoTables"),
               [&](const std::string& name, const YAML::Node& value, const std::string& item_path) {
                 result.auto_tables.push_back({name, ReadAutoTable(value, item_path), item_path});
               });
  ReadBindingGroups(reader.Child("bindingTables"), reader.PathOf("bindingTables"), result);
  result.broadcast_tables = reader.List("broadcastTables");
  result.default_database_strategy =
      ReadStrategy(reader.Child("defaultDatabaseStrategy"), reader.PathOf("defaultDatabaseStrategy"));
  result.default_table_strategy =
      ReadStrategy(reader.Child("defaultTableStrategy"), reader.PathOf("defaultTableStrategy"));
  result.default_key_generate_strategy =
      ReadKeyGenerateStrategy(reader.Child("defaultKeyGenerateStrategy"), reader.PathOf("defaultKeyGenerateStrategy"));
  result.default_audit_strategy =
      ReadAuditStrategy(reader.Child("defaultAuditStrategy"), reader.PathOf("defaultAuditStrategy"));
  result.default_sharding_column = reader.Scalar("defaultShardingColumn").value_or("");
  result.sharding_algorithms = ReadAlgorithms(reader.Child("shardingAlgorithms"), reader.PathOf("shardingAlgorithms"));
  result.key_generators = ReadAlgorithms(reader.Child("keyGenerators"), reader.PathOf("keyGenerators"));
  result.auditors = ReadAlgorithms(reader.Child("auditors"), reader.PathOf("auditors"));
  ForEachEntry(reader.Child("keyGenerateStrategies"), reader.PathOf("keyGenerateStrategies"),
               [&](const std::string& name, const YAML::Node& value, const std::string& item_path) {
                 result.key_generate_strategies.push_back(
                     {name, ReadKeyGenerateStrategiesEntry(value, item_path), item_path});
               });
  reader.RejectUnknownKeys();
  return result;
}

}  // namespace sqlroute::config::yaml
