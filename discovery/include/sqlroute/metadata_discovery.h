#pragma once
// Table metadata read from the databases, as ShardingSphere loads it when it starts: each storage
// unit of RuleSet::MetadataStorageUnits is read from information_schema (MySQLMetaDataLoader's
// queries: columns in ordinal order with visibility, generated and auto-increment flags and primary
// keys; indexes; foreign-key constraints), then folded by RuleSet::WithDiscoveredMetadata.
#include <memory>
#include <string>

#include "sqlroute/rule_set.h"

namespace sqlroute {

struct DiscoveryOptions {
  unsigned connect_timeout_seconds = 10;
  unsigned read_timeout_seconds = 10;  // each read (and write) of a query
};

// A new rule set with the metadata the storage units hold; `rules` is unchanged. Every storage unit
// is read before anything is applied. Throws Error(METADATA_LOAD_FAILED) naming the data source that
// cannot be reached or read (never its password), or the data source's CONFIG_* error for a bad url.
std::shared_ptr<const RuleSet> DiscoverMetadata(const RuleSet& rules, const DiscoveryOptions& options = {});

// One storage unit of RuleSet::MetadataStorageUnits read alone: its tables as the YAML value
// WithDiscoveredMetadata takes for that unit (`{table: {columns, indexes, constraints}}`), so that
// a program can keep each unit's last reading and fold them when one unit cannot be read. Throws
// as DiscoverMetadata does for that unit.
std::string DiscoverStorageUnit(const RuleSet& rules, const std::string& unit, const DiscoveryOptions& options = {});

}  // namespace sqlroute
