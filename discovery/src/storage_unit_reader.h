#pragma once
// One storage unit's tables read from information_schema over MariaDB Connector/C, as the
// `{table: {columns, indexes, constraints}}` node RuleSet::WithDiscoveredMetadata reads.
#include <yaml-cpp/yaml.h>

#include <string>

#include "sqlroute/metadata_discovery.h"
#include "sqlroute/storage_unit_address.h"

namespace sqlroute::discovery {

// Throws Error(METADATA_LOAD_FAILED) naming `name` when the unit cannot be reached or read.
YAML::Node ReadStorageUnit(const std::string& name, const StorageUnitAddress& address, const DiscoveryOptions& options);

}  // namespace sqlroute::discovery
