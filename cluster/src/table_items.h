#pragma once
// Table metadata in the registry as ShardingSphere keeps it: one YamlShardingSphereTable per
// logic table under /metadata/{db}/schemas/{schema}/tables/{table} (TableMetaDataNodePath, the
// schema of a MySQL database being the database), with versions like any item. It holds what
// sqlroute's `metadata:` knows: the columns in order (name, primaryKey, generated, visible), the
// indexes (name, columns, unique) and the constraints (name, referencedTableName).
#include <optional>
#include <string>

#include <yaml-cpp/yaml.h>

namespace sqlroute::cluster {

// The item key of a table: schemas/{schema}/tables/{table} (relative to /metadata/{db}).
std::string TableItemKey(const std::string& schema, const std::string& table);
// The table's name when `key` is a table item, else nullopt.
std::optional<std::string> TableOfItemKey(const std::string& key);

// A `metadata:` entry of a logic table as YamlShardingSphereTable YAML; nullopt for the entries
// of tables placed on a data source (a list of entries, or `dataSource:`), which the registry's
// logical schema cannot place.
std::optional<YAML::Node> TableItem(const std::string& table, const YAML::Node& entry);
// A YamlShardingSphereTable (as ShardingSphere or TableItem wrote it) as a `metadata:` entry.
YAML::Node MetadataEntry(const YAML::Node& table);

}  // namespace sqlroute::cluster
