#include "config/metadata_loader.h"

#include "config/yaml_document.h"
#include "config/yaml_reader.h"
#include "sqlroute/error_text.h"

namespace sqlroute::config {

namespace yaml {

namespace {

TableMetadataConfig ReadTableEntry(const YAML::Node& node, const std::string& path) {
  TableMetadataConfig result;
  if (node.IsSequence()) {
    result.columns = ScalarList(node, path);
    return result;
  }
  MapReader reader(node, path);
  YAML::Node columns = reader.Child("columns");
  if (!columns.IsDefined() || columns.IsNull()) {
    throw Error(Message<msg::MissingKey>(arg::key = "columns"), path);
  }
  result.columns = ScalarList(columns, reader.PathOf("columns"));
  result.data_source = reader.Scalar("dataSource").value_or("");
  reader.RejectUnknownKeys();
  return result;
}

bool IsListOfEntries(const YAML::Node& node) { return node.IsSequence() && node.size() > 0 && node[0].IsMap(); }

}  // namespace

NamedList<TableMetadataConfig> ReadMetadata(const YAML::Node& node, const std::string& path) {
  NamedList<TableMetadataConfig> result;
  ForEachEntry(node, path, [&](const std::string& table, const YAML::Node& value, const std::string& table_path) {
    if (!IsListOfEntries(value)) {
      result.push_back({table, ReadTableEntry(value, table_path), table_path});
      return;
    }
    for (std::size_t i = 0; i < value.size(); ++i) {
      std::string entry_path = table_path + "[" + std::to_string(i) + "]";
      result.push_back({table, ReadTableEntry(value[i], entry_path), entry_path});
    }
  });
  return result;
}

}  // namespace yaml

NamedList<TableMetadataConfig> LoadMetadataYaml(std::string_view text) {
  return yaml::ReadMetadata(yaml::ParseDocument(text), "metadata");
}

}  // namespace sqlroute::config
