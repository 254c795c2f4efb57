#pragma once
// VOLUME_RANGE (ShardingSphere's VolumeBasedRangeShardingAlgorithm): range-lower, range-upper,
// sharding-volume; tables = ceil((upper-lower)/volume) + 2.
#include "sqlroute/algorithm.h"

namespace sqlroute::algorithm {

ShardingAlgorithm CreateVolumeRangeShardingAlgorithm(const Props& props, const std::string& path);

}  // namespace sqlroute::algorithm
