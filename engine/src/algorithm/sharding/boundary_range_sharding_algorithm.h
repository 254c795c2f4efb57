#pragma once
// BOUNDARY_RANGE (ShardingSphere's BoundaryBasedRangeShardingAlgorithm): sharding-ranges is a comma
// list of longs; unparsable entries are dropped and the rest sorted; tables = boundaries + 1.
#include "sqlroute/algorithm.h"

namespace sqlroute::algorithm {

ShardingAlgorithm CreateBoundaryRangeShardingAlgorithm(const Props& props, const std::string& path);

}  // namespace sqlroute::algorithm
