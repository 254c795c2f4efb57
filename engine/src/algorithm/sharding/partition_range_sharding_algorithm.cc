#include "algorithm/sharding/partition_range_sharding_algorithm.h"

#include <algorithm>

#include "algorithm/sharding/sharding_values.h"

namespace sqlroute::algorithm {

std::string PartitionRangeShardingAlgorithm::DoSharding(const std::vector<std::string>& available_targets,
                                                        const ShardingTarget& target, const Value& value) const {
  return FindMatchedTargetName(available_targets, std::to_string(PartitionOf(value)), target.node_info);
}

std::vector<std::string> PartitionRangeShardingAlgorithm::DoRangeSharding(
    const std::vector<std::string>& available_targets, const ShardingTarget& target, const ValueRange& range) const {
  int64_t first = range.lower ? PartitionOf(*range.lower) : 0;
  int64_t last = range.upper ? PartitionOf(*range.upper) : static_cast<int64_t>(boundaries_.size());
  return MatchedTargetsForPartitions(available_targets, first, last, target.node_info);
}

int64_t PartitionRangeShardingAlgorithm::PartitionOf(const Value& value) const {
  int64_t number = ValueAsJavaLong(value, type_);
  // The first partition whose upper boundary is above the value; an empty [b, b) is skipped.
  return std::upper_bound(boundaries_.begin(), boundaries_.end(), number) - boundaries_.begin();
}

}  // namespace sqlroute::algorithm
