// !BROADCAST, !READWRITE_SPLITTING, !ENCRYPT, !SHADOW and !SINGLE in every 5.x form.
#include "config/yaml_reader.h"
#include "config/yaml_rule_readers.h"
#include "sqlroute/error_text.h"

namespace sqlroute::config::yaml {

namespace {

// 5.4+ `dataSourceGroups.<name>` and 5.0 `dataSources.<name>` with the names inline.
void ReadGroupDataSourceNames(MapReader& reader, ReadwriteGroupConfig& group) {
  group.write_data_source = reader.RequiredScalar("writeDataSourceName");
  group.read_data_sources = reader.List("readDataSourceNames");
}

ReadwriteGroupConfig ReadGroup(const YAML::Node& node, const std::string& path, bool legacy) {
  MapReader reader(node, path);
  ReadwriteGroupConfig result;
  result.load_balancer_name = reader.Scalar("loadBalancerName").value_or("");
  result.transactional_read_query_strategy = reader.Scalar("transactionalReadQueryStrategy").value_or("");
  if (!legacy) {
    ReadGroupDataSourceNames(reader, result);
  } else if (reader.Has("staticStrategy")) {  // 5.2 / 5.3
    MapReader strategy(reader.Child("staticStrategy"), reader.PathOf("staticStrategy"));
    ReadGroupDataSourceNames(strategy, result);
    strategy.RejectUnknownKeys();
  } else if (reader.Has("dynamicStrategy")) {
    throw Error(Message<msg::DynamicReadwriteStrategyUnsupported>(), reader.PathOf("dynamicStrategy"));
  } else if (reader.Has("type")) {  // 5.1 `type: Static` with props
    std::string type = reader.RequiredScalar("type");
    if (type != "Static" && type != "STATIC" && type != "static") {
      throw Error(Message<msg::OnlyStaticReadwriteType>(), reader.PathOf("type"));
    }
    std::string props_path = reader.PathOf("props");
    Props props = ReadProps(reader.Child("props"), props_path);
    auto write = props.Get("write-data-source-name");
    if (!write || write->empty()) {
      throw Error(Message<msg::MissingKey>(arg::key = "write-data-source-name"), props_path);
    }
    result.write_data_source = *write;
    result.read_data_sources = SplitCommaList(props.Get("read-data-source-names").value_or(""));
  } else {  // 5.0
    ReadGroupDataSourceNames(reader, result);
  }
  reader.RejectUnknownKeys();
  return result;
}

std::optional<EncryptColumnItemConfig> ReadColumnItem(MapReader& column, const std::string& key) {
  YAML::Node node = column.Child(key);
  if (!node.IsDefined() || node.IsNull()) return std::nullopt;
  MapReader reader(node, column.PathOf(key));
  EncryptColumnItemConfig result;
  result.name = reader.RequiredScalar("name");
  result.encryptor_name = reader.Scalar("encryptorName").value_or("");
  reader.RejectUnknownKeys();
  return result;
}

// Pre-5.4 flat keys: `<prefix>Column` + `<prefix>EncryptorName`.
std::optional<EncryptColumnItemConfig> ReadFlatColumnItem(MapReader& column, const std::string& column_key,
                                                          const std::string& encryptor_key) {
  auto name = column.Scalar(column_key);
  if (!name) return std::nullopt;
  return EncryptColumnItemConfig{*name, column.Scalar(encryptor_key).value_or("")};
}

EncryptColumnConfig ReadEncryptColumn(const YAML::Node& node, const std::string& path) {
  MapReader reader(node, path);
  EncryptColumnConfig result;
  if (auto cipher = ReadColumnItem(reader, "cipher")) {
    result.cipher = *cipher;
  } else if (auto flat = ReadFlatColumnItem(reader, "cipherColumn", "encryptorName")) {
    result.cipher = *flat;
  } else {
    throw Error(Message<msg::MissingKey>(arg::key = "cipher"), path);
  }
  if (result.cipher.encryptor_name.empty()) {
    throw Error(Message<msg::MissingKey>(arg::key = "encryptorName"), path);
  }
  result.assisted_query = ReadColumnItem(reader, "assistedQuery");
  if (!result.assisted_query) {
    result.assisted_query = ReadFlatColumnItem(reader, "assistedQueryColumn", "assistedQueryEncryptorName");
  }
  result.like_query = ReadColumnItem(reader, "likeQuery");
  if (!result.like_query) result.like_query = ReadFlatColumnItem(reader, "likeQueryColumn", "likeQueryEncryptorName");
  result.plain_column = reader.Scalar("plainColumn");
  for (const char* data_type_key : {"logicDataType", "cipherDataType", "plainDataType", "assistedQueryDataType",
                                    "likeQueryDataType"}) {
    reader.Ignore(data_type_key);  // 5.1 DDL hints, no effect on routing
  }
  reader.RejectUnknownKeys();
  return result;
}

EncryptTableConfig ReadEncryptTable(const YAML::Node& node, const std::string& path,
                                    std::optional<bool> rule_query_with_cipher) {
  MapReader reader(node, path);
  EncryptTableConfig result;
  ForEachEntry(reader.Child("columns"), reader.PathOf("columns"),
               [&](const std::string& name, const YAML::Node& value, const std::string& item_path) {
                 result.columns.push_back({name, ReadEncryptColumn(value, item_path), item_path});
               });
  result.query_with_cipher_column = reader.Bool("queryWithCipherColumn");
  if (!result.query_with_cipher_column) result.query_with_cipher_column = rule_query_with_cipher;
  reader.Ignore("name");  // 5.0 repeated the map key here
  reader.RejectUnknownKeys();
  return result;
}

}  // namespace

BroadcastRuleConfig ReadBroadcastRule(const YAML::Node& node, const std::string& path) {
  MapReader reader(node, path);
  BroadcastRuleConfig result;
  result.path = path;
  result.tables = reader.List("tables");
  reader.RejectUnknownKeys();
  return result;
}

ReadwriteSplittingRuleConfig ReadReadwriteSplittingRule(const YAML::Node& node, const std::string& path) {
  MapReader reader(node, path);
  ReadwriteSplittingRuleConfig result;
  result.path = path;
  for (const char* key : {"dataSourceGroups", "dataSources"}) {
    bool legacy = std::string(key) == "dataSources";
    ForEachEntry(reader.Child(key), reader.PathOf(key),
                 [&](const std::string& name, const YAML::Node& value, const std::string& item_path) {
                   result.groups.push_back({name, ReadGroup(value, item_path, legacy), item_path});
                 });
  }
  result.load_balancers = ReadAlgorithms(reader.Child("loadBalancers"), reader.PathOf("loadBalancers"));
  reader.RejectUnknownKeys();
  return result;
}

EncryptRuleConfig ReadEncryptRule(const YAML::Node& node, const std::string& path) {
  MapReader reader(node, path);
  EncryptRuleConfig result;
  result.path = path;
  std::optional<bool> rule_query_with_cipher = reader.Bool("queryWithCipherColumn");  // 5.1 - 5.3
  ForEachEntry(reader.Child("tables"), reader.PathOf("tables"),
               [&](const std::string& name, const YAML::Node& value, const std::string& item_path) {
                 result.tables.push_back({name, ReadEncryptTable(value, item_path, rule_query_with_cipher), item_path});
               });
  result.encryptors = ReadAlgorithms(reader.Child("encryptors"), reader.PathOf("encryptors"));
  reader.RejectUnknownKeys();
  return result;
}

ShadowRuleConfig ReadShadowRule(const YAML::Node& node, const std::string& path) {
  MapReader reader(node, path);
  ShadowRuleConfig result;
  result.path = path;
  ForEachEntry(reader.Child("dataSources"), reader.PathOf("dataSources"),
               [&](const std::string& name, const YAML::Node& value, const std::string& item_path) {
                 MapReader entry(value, item_path);
                 ShadowDataSourceConfig data_source;
                 // 5.1 - 5.3 spelled the production side `sourceDataSourceName`.
                 data_source.production_data_source = entry.Has("sourceDataSourceName")
                                                          ? entry.RequiredScalar("sourceDataSourceName")
                                                          : entry.RequiredScalar("productionDataSourceName");
                 data_source.shadow_data_source = entry.RequiredScalar("shadowDataSourceName");
                 entry.RejectUnknownKeys();
                 result.data_sources.push_back({name, data_source, item_path});
               });
  ForEachEntry(reader.Child("tables"), reader.PathOf("tables"),
               [&](const std::string& name, const YAML::Node& value, const std::string& item_path) {
                 MapReader entry(value, item_path);
                 ShadowTableConfig table;
                 table.data_source_names = entry.List("dataSourceNames");
                 table.algorithm_names = entry.List("shadowAlgorithmNames");
                 entry.RejectUnknownKeys();
                 result.tables.push_back({name, table, item_path});
               });
  result.default_algorithm_name = reader.Scalar("defaultShadowAlgorithmName").value_or("");
  result.algorithms = ReadAlgorithms(reader.Child("shadowAlgorithms"), reader.PathOf("shadowAlgorithms"));
  reader.Ignore("enable");  // 5.1 switch, always on here
  reader.RejectUnknownKeys();
  return result;
}

SingleRuleConfig ReadSingleRule(const YAML::Node& node, const std::string& path) {
  MapReader reader(node, path);
  SingleRuleConfig result;
  result.path = path;
  result.tables = reader.List("tables");
  result.default_data_source = reader.Scalar("defaultDataSource").value_or("");
  reader.RejectUnknownKeys();
  return result;
}

}  // namespace sqlroute::config::yaml
