#pragma once
// Checks and conversions of sharding values shared by the built-in sharding algorithms.
#include <cstdint>
#include <set>
#include <string>
#include <vector>

#include "sqlroute/algorithm.h"
#include "sqlroute/value.h"

namespace sqlroute::algorithm {

// Throws Error(SHARDING_VALUE_NULL, "Sharding value can't be null in sql statement.") for NULL.
void RequireNotNull(const Value& value);

// Long.parseLong(value.toString()) as the range algorithms do; invalid values throw SHARDING_VALUE_INVALID.
int64_t ValueAsJavaLong(const Value& value, const std::string& algorithm);

// ShardingAutoTableAlgorithmUtils.findMatchedTargetName: prefix + suffix left-padded to the minimum
// suffix length, returned only when it is one of the available targets, else "".
std::string FindMatchedTargetName(const std::vector<std::string>& available_targets, const std::string& suffix,
                                  const DataNodeInfo& node_info);

// The chosen targets, in the order of the available ones.
std::vector<std::string> InAvailableOrder(const std::vector<std::string>& available_targets,
                                          const std::set<std::string>& chosen);

// Targets for the partitions first..last (inclusive) of an auto-table algorithm, in available order.
std::vector<std::string> MatchedTargetsForPartitions(const std::vector<std::string>& available_targets,
                                                     int64_t first, int64_t last, const DataNodeInfo& node_info);

}  // namespace sqlroute::algorithm
