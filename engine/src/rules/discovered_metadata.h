#pragma once
// Table metadata read from the storage units, folded into the logical view as ShardingSphere's
// GenericSchemaBuilder and the rules' MetaDataReviseEntry implementations fold it: a sharding
// table's metadata is that of its first data node's actual table, with index and constraint names
// stripped of their `_<actual table>` suffix (ShardingIndexReviser, ShardingConstraintReviser);
// the other tables each top-level data source shows are placed on it (single tables); an encrypted
// table's cipher column takes its logical name and its assisted and like columns are dropped
// (EncryptColumnExistedReviser, EncryptColumnNameReviser).
#include <map>
#include <string>
#include <vector>

#include "rules/compiled_rules.h"

namespace sqlroute::rules {

// Storage unit -> the tables read from it (no `dataSource:` keys).
using StorageUnitTables = std::map<std::string, config::NamedList<config::TableMetadataConfig>>;

// The storage units whose tables make the logical metadata: each top-level data source's
// DataSourceGraph::MetadataUnit, in top-level order, without repeats.
std::vector<std::string> MetadataStorageUnits(const CompiledRules& rules);

// Throws METADATA_LOAD_FAILED when a storage unit of MetadataStorageUnits is missing.
config::NamedList<config::TableMetadataConfig> FoldDiscoveredMetadata(const CompiledRules& rules,
                                                                      const StorageUnitTables& tables);

}  // namespace sqlroute::rules
