#include "table_items.h"

namespace sqlroute::cluster {
namespace {

const char kSchemasPrefix[] = "schemas/";
const char kTablesInfix[] = "/tables/";

bool Flag(const YAML::Node& node, const char* key, bool fallback) {
  return node.IsMap() && node[key] ? node[key].as<bool>(fallback) : fallback;
}

YAML::Node Column(const YAML::Node& column) {
  YAML::Node result(YAML::NodeType::Map);
  result["name"] = column.IsScalar() ? column.Scalar() : column["name"].as<std::string>("");
  result["primaryKey"] = Flag(column, "primaryKey", false);
  result["generated"] = Flag(column, "generated", false);
  result["visible"] = Flag(column, "visible", true);
  return result;
}

}  // namespace

std::string TableItemKey(const std::string& schema, const std::string& table) {
  return kSchemasPrefix + schema + kTablesInfix + table;
}

std::optional<std::string> TableOfItemKey(const std::string& key) {
  if (key.rfind(kSchemasPrefix, 0) != 0) return std::nullopt;
  std::size_t infix = key.find(kTablesInfix, sizeof(kSchemasPrefix) - 1);
  if (infix == std::string::npos) return std::nullopt;
  std::string table = key.substr(infix + sizeof(kTablesInfix) - 1);
  if (table.empty() || table.find('/') != std::string::npos) return std::nullopt;
  return table;
}

std::optional<YAML::Node> TableItem(const std::string& table, const YAML::Node& entry) {
  if (entry.IsSequence() && (entry.size() == 0 || !entry[0].IsScalar())) return std::nullopt;  // entries per data source
  if (entry.IsMap() && entry["dataSource"]) return std::nullopt;
  YAML::Node result(YAML::NodeType::Map);
  result["name"] = table;
  YAML::Node columns(YAML::NodeType::Map);
  for (const auto& column : entry.IsSequence() ? entry : entry["columns"]) {
    YAML::Node converted = Column(column);
    columns[converted["name"].Scalar()] = converted;
  }
  result["columns"] = columns;
  if (entry.IsMap() && entry["indexes"]) {
    YAML::Node indexes(YAML::NodeType::Map);
    for (const auto& index : entry["indexes"]) {
      YAML::Node converted(YAML::NodeType::Map);
      converted["name"] = index["name"].as<std::string>("");
      converted["columns"] = index["columns"];
      converted["unique"] = Flag(index, "unique", false);
      indexes[converted["name"].Scalar()] = converted;
    }
    result["indexes"] = indexes;
  }
  if (entry.IsMap() && entry["constraints"]) {
    YAML::Node constraints(YAML::NodeType::Map);
    for (const auto& constraint : entry["constraints"]) {
      YAML::Node converted(YAML::NodeType::Map);
      converted["name"] = constraint["name"].as<std::string>("");
      if (constraint["referencedTable"]) converted["referencedTableName"] = constraint["referencedTable"];
      constraints[converted["name"].Scalar()] = converted;
    }
    result["constraints"] = constraints;
  }
  return result;
}

YAML::Node MetadataEntry(const YAML::Node& table) {
  YAML::Node result(YAML::NodeType::Map);
  YAML::Node columns(YAML::NodeType::Sequence);
  for (const auto& entry : table["columns"]) {
    const YAML::Node& column = entry.second;
    YAML::Node converted(YAML::NodeType::Map);
    converted["name"] = column["name"] ? column["name"].as<std::string>("") : entry.first.Scalar();
    if (!Flag(column, "visible", true)) converted["visible"] = false;
    if (Flag(column, "generated", false)) converted["generated"] = true;
    if (Flag(column, "primaryKey", false)) converted["primaryKey"] = true;
    columns.push_back(converted);
  }
  result["columns"] = columns;
  YAML::Node indexes(YAML::NodeType::Sequence);
  for (const auto& entry : table["indexes"]) {
    YAML::Node converted(YAML::NodeType::Map);
    converted["name"] = entry.second["name"] ? entry.second["name"].as<std::string>("") : entry.first.Scalar();
    converted["columns"] = entry.second["columns"] ? entry.second["columns"] : YAML::Node(YAML::NodeType::Sequence);
    if (Flag(entry.second, "unique", false)) converted["unique"] = true;
    indexes.push_back(converted);
  }
  if (indexes.size() > 0) result["indexes"] = indexes;
  YAML::Node constraints(YAML::NodeType::Sequence);
  for (const auto& entry : table["constraints"]) {
    YAML::Node converted(YAML::NodeType::Map);
    converted["name"] = entry.second["name"] ? entry.second["name"].as<std::string>("") : entry.first.Scalar();
    if (entry.second["referencedTableName"]) converted["referencedTable"] = entry.second["referencedTableName"];
    constraints.push_back(converted);
  }
  if (constraints.size() > 0) result["constraints"] = constraints;
  return result;
}

}  // namespace sqlroute::cluster
