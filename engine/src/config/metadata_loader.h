#pragma once
// Table metadata given as YAML or JSON:
//   {t_user: [id, k, c, pad],                                  # columns, any data source
//    t_order: {columns: [order_id, user_id], dataSource: ds_0}, # columns on one data source
//    t_item: [{columns: [...], dataSource: ds_0}, {columns: [...], dataSource: ds_1}]}
// A column is a name or a map {name, visible, generated, autoIncrement, primaryKey}; a table map
// may also list `indexes` ({name, columns, unique}, or a name) and `constraints` ({name,
// referencedTable}, or a name), as ShardingSphere's TableMetaData holds them.
// The same map is accepted under the top-level `metadata:` key of a rule YAML file.
#include <yaml-cpp/yaml.h>

#include <string>
#include <string_view>

#include "config/rule_config.h"

namespace sqlroute::config {

NamedList<TableMetadataConfig> LoadMetadataYaml(std::string_view text);

namespace yaml {
NamedList<TableMetadataConfig> ReadMetadata(const YAML::Node& node, const std::string& path);
// One table entry: a column list or a {columns, indexes, constraints, dataSource} map.
TableMetadataConfig ReadTableEntry(const YAML::Node& node, const std::string& path);
}  // namespace yaml

}  // namespace sqlroute::config
