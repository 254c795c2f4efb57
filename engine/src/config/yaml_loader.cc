// Top level of a ShardingSphere YAML file: `databaseName` (5.0/5.1: `schemaName`),
// `dataSources`, `rules` (tagged rule maps), `props`, and `mode` (ignored).
//
// sqlroute adds one top-level key of its own, `metadata`, with the ordered columns of tables:
//   metadata: {t_user: [id, k, c, pad], t_order: {columns: [order_id, user_id], dataSource: ds_0}}
// (see metadata_loader.h). Files without it load unchanged.
#include "config/yaml_loader.h"

#include <fstream>
#include <sstream>

#include "config/config_validator.h"
#include "config/diagnostics.h"
#include "config/legacy_load_balancers.h"
#include "config/metadata_loader.h"
#include "config/yaml_document.h"
#include "config/yaml_reader.h"
#include "config/yaml_rule_readers.h"
#include "sqlroute/error_text.h"

namespace sqlroute::config {

namespace {

// Global rules that do not change routing or the SQL sent to data sources.
bool IsIgnoredRuleTag(const std::string& tag) {
  for (const char* ignored : {"!TRANSACTION", "!SQL_PARSER", "!SQL_FEDERATION", "!AUTHORITY", "!GLOBAL_CLOCK",
                              "!SQL_TRANSLATOR", "!LOGGING", "!TRAFFIC", "!MASK"}) {
    if (tag == ignored) return true;
  }
  return false;
}

template <typename T>
void SetOnce(std::optional<T>& slot, T value, const std::string& tag, const std::string& path) {
  if (slot) throw Error(Message<msg::RuleGivenTwice>(arg::tag = tag), path);
  slot = std::move(value);
}

void ReadRule(const YAML::Node& node, const std::string& path, RuleConfig& config) {
  const std::string& tag = node.Tag();
  if (tag == "!SHARDING") return SetOnce(config.sharding, yaml::ReadShardingRule(node, path), tag, path);
  if (tag == "!BROADCAST") return SetOnce(config.broadcast, yaml::ReadBroadcastRule(node, path), tag, path);
  if (tag == "!READWRITE_SPLITTING") {
    return SetOnce(config.readwrite_splitting, yaml::ReadReadwriteSplittingRule(node, path), tag, path);
  }
  if (tag == "!ENCRYPT") return SetOnce(config.encrypt, yaml::ReadEncryptRule(node, path), tag, path);
  if (tag == "!SHADOW") return SetOnce(config.shadow, yaml::ReadShadowRule(node, path), tag, path);
  if (tag == "!SINGLE") return SetOnce(config.single, yaml::ReadSingleRule(node, path), tag, path);
  if (IsIgnoredRuleTag(tag)) return;
  if (tag.empty() || tag == "?") throw Error(Message<msg::RuleWithoutTag>(), path);
  throw Error(Message<msg::UnsupportedRule>(arg::tag = tag), path);
}

RuleConfig ReadDocument(const YAML::Node& root) {
  RuleConfig result;
  yaml::MapReader reader(root, "");
  result.database_name = reader.Scalar("databaseName").value_or(reader.Scalar("schemaName").value_or(""));
  yaml::ForEachEntry(reader.Child("dataSources"), "dataSources",
                     [&](const std::string& name, const YAML::Node& value, const std::string& path) {
                       result.data_sources.push_back({name, {yaml::ReadProps(value, path)}, path});
                     });
  YAML::Node rules = reader.Child("rules");
  if (rules.IsDefined() && !rules.IsNull()) {
    if (!rules.IsSequence()) throw Error(Message<msg::ExpectedList>(), "rules");
    for (std::size_t i = 0; i < rules.size(); ++i) {
      Recover([&] { ReadRule(rules[i], "rules[" + std::to_string(i) + "]", result); });
    }
  }
  Recover([&] { result.props = yaml::ReadProps(reader.Child("props"), "props"); });
  result.schema_known = reader.Has("metadata");
  Recover([&] { result.metadata = yaml::ReadMetadata(reader.Child("metadata"), "metadata"); });
  reader.Ignore("mode");
  reader.RejectUnknownKeys();
  return result;
}

}  // namespace

RuleConfig LoadYamlString(std::string_view text) {
  RuleConfig result = ReadDocument(yaml::ParseDocument(text));
  NormalizeLegacyLoadBalancers(result);
  Validate(result);
  return result;
}

RuleConfig LoadYamlFile(const std::string& path) {
  std::ifstream in(path);
  if (!in) throw Error(Message<msg::RuleFileUnreadable>(), path);
  std::stringstream text;
  text << in.rdbuf();
  return LoadYamlString(text.str());
}

}  // namespace sqlroute::config
