#include "config/metadata_loader.h"

#include "config/yaml_document.h"
#include "config/yaml_reader.h"
#include "sqlroute/error_text.h"

namespace sqlroute::config {

std::vector<std::string> TableMetadataConfig::ColumnNames() const {
  std::vector<std::string> result;
  result.reserve(columns.size());
  for (const auto& each : columns) result.push_back(each.name);
  return result;
}

std::vector<std::string> TableMetadataConfig::VisibleColumnNames() const {
  std::vector<std::string> result;
  for (const auto& each : columns) {
    if (each.visible) result.push_back(each.name);
  }
  return result;
}

namespace yaml {

namespace {

ColumnMetadataConfig ReadColumn(const YAML::Node& node, const std::string& path) {
  ColumnMetadataConfig result;
  if (!node.IsMap()) {
    result.name = ScalarText(node, path);
    return result;
  }
  MapReader reader(node, path);
  result.name = reader.RequiredScalar("name");
  result.visible = reader.Bool("visible").value_or(true);
  result.generated = reader.Bool("generated").value_or(false);
  result.auto_increment = reader.Bool("autoIncrement").value_or(false);
  result.primary_key = reader.Bool("primaryKey").value_or(false);
  reader.RejectUnknownKeys();
  return result;
}

std::vector<ColumnMetadataConfig> ReadColumns(const YAML::Node& node, const std::string& path) {
  std::vector<ColumnMetadataConfig> result;
  if (!node.IsSequence()) {
    for (auto& name : ScalarList(node, path)) result.push_back({std::move(name)});
    return result;
  }
  for (std::size_t i = 0; i < node.size(); ++i) result.push_back(ReadColumn(node[i], path + "[" + std::to_string(i) + "]"));
  return result;
}

IndexMetadataConfig ReadIndex(const YAML::Node& node, const std::string& path) {
  IndexMetadataConfig result;
  if (!node.IsMap()) {
    result.name = ScalarText(node, path);
    return result;
  }
  MapReader reader(node, path);
  result.name = reader.RequiredScalar("name");
  result.columns = reader.List("columns");
  result.unique = reader.Bool("unique").value_or(false);
  reader.RejectUnknownKeys();
  return result;
}

ConstraintMetadataConfig ReadConstraint(const YAML::Node& node, const std::string& path) {
  ConstraintMetadataConfig result;
  if (!node.IsMap()) {
    result.name = ScalarText(node, path);
    return result;
  }
  MapReader reader(node, path);
  result.name = reader.RequiredScalar("name");
  result.referenced_table = reader.Scalar("referencedTable").value_or("");
  reader.RejectUnknownKeys();
  return result;
}

template <typename T>
std::vector<T> ReadEach(const YAML::Node& node, const std::string& path, T (*read)(const YAML::Node&, const std::string&)) {
  std::vector<T> result;
  if (!node.IsDefined() || node.IsNull()) return result;
  if (!node.IsSequence()) return {read(node, path)};
  for (std::size_t i = 0; i < node.size(); ++i) result.push_back(read(node[i], path + "[" + std::to_string(i) + "]"));
  return result;
}

bool IsListOfEntries(const YAML::Node& node) { return node.IsSequence() && node.size() > 0 && node[0].IsMap() && node[0]["columns"]; }

}  // namespace

TableMetadataConfig ReadTableEntry(const YAML::Node& node, const std::string& path) {
  TableMetadataConfig result;
  if (node.IsSequence()) {
    result.columns = ReadColumns(node, path);
    return result;
  }
  MapReader reader(node, path);
  YAML::Node columns = reader.Child("columns");
  if (!columns.IsDefined() || columns.IsNull()) {
    throw Error(Message<msg::MissingKey>(arg::key = "columns"), path);
  }
  result.columns = ReadColumns(columns, reader.PathOf("columns"));
  result.indexes = ReadEach(reader.Child("indexes"), reader.PathOf("indexes"), &ReadIndex);
  result.constraints = ReadEach(reader.Child("constraints"), reader.PathOf("constraints"), &ReadConstraint);
  result.data_source = reader.Scalar("dataSource").value_or("");
  reader.RejectUnknownKeys();
  return result;
}

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
  YAML::Node root = yaml::ParseDocument(text);
  // A document of one `metadata:` map (ExportMetadataYaml) reads as that map.
  if (root.IsMap() && root.size() == 1 && root["metadata"] && root["metadata"].IsMap() &&
      !root["metadata"]["columns"]) {
    return yaml::ReadMetadata(root["metadata"], "metadata");
  }
  return yaml::ReadMetadata(root, "metadata");
}

}  // namespace sqlroute::config
