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

// A list of named entries as a map by name (YamlShardingSphereTable's form), each converted.
template <typename Convert>
YAML::Node ByName(const YAML::Node& list, Convert convert) {
  YAML::Node result(YAML::NodeType::Map);
  for (const auto& each : list) {
    YAML::Node converted = convert(each);
    result[converted["name"].Scalar()] = converted;
  }
  return result;
}

// The other way: a map by name as a list, each converted (its key given, for an entry without `name`).
template <typename Convert>
YAML::Node AsList(const YAML::Node& map, Convert convert) {
  YAML::Node result(YAML::NodeType::Sequence);
  for (const auto& entry : map) {
    YAML::Node converted = convert(entry.second);
    converted["name"] = entry.second["name"] ? entry.second["name"].as<std::string>("") : entry.first.Scalar();
    result.push_back(converted);
  }
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
  result["columns"] = ByName(entry.IsSequence() ? entry : entry["columns"], Column);
  if (!entry.IsMap()) return result;
  if (entry["indexes"]) {
    result["indexes"] = ByName(entry["indexes"], [](const YAML::Node& index) {
      YAML::Node converted(YAML::NodeType::Map);
      converted["name"] = index["name"].as<std::string>("");
      converted["columns"] = index["columns"];
      converted["unique"] = Flag(index, "unique", false);
      return converted;
    });
  }
  if (entry["constraints"]) {
    result["constraints"] = ByName(entry["constraints"], [](const YAML::Node& constraint) {
      YAML::Node converted(YAML::NodeType::Map);
      converted["name"] = constraint["name"].as<std::string>("");
      if (constraint["referencedTable"]) converted["referencedTableName"] = constraint["referencedTable"];
      return converted;
    });
  }
  return result;
}

YAML::Node MetadataEntry(const YAML::Node& table) {
  YAML::Node result(YAML::NodeType::Map);
  result["columns"] = AsList(table["columns"], [](const YAML::Node& column) {
    YAML::Node converted(YAML::NodeType::Map);
    if (!Flag(column, "visible", true)) converted["visible"] = false;
    if (Flag(column, "generated", false)) converted["generated"] = true;
    if (Flag(column, "primaryKey", false)) converted["primaryKey"] = true;
    return converted;
  });
  YAML::Node indexes = AsList(table["indexes"], [](const YAML::Node& index) {
    YAML::Node converted(YAML::NodeType::Map);
    converted["columns"] = index["columns"] ? index["columns"] : YAML::Node(YAML::NodeType::Sequence);
    if (Flag(index, "unique", false)) converted["unique"] = true;
    return converted;
  });
  if (indexes.size() > 0) result["indexes"] = indexes;
  YAML::Node constraints = AsList(table["constraints"], [](const YAML::Node& constraint) {
    YAML::Node converted(YAML::NodeType::Map);
    if (constraint["referencedTableName"]) converted["referencedTable"] = constraint["referencedTableName"];
    return converted;
  });
  if (constraints.size() > 0) result["constraints"] = constraints;
  return result;
}

}  // namespace sqlroute::cluster
