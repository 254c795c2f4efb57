#pragma once
// INLINE (ShardingSphere's InlineShardingAlgorithm): the target is the algorithm expression
// evaluated with one variable named as the sharding column. Ranges fail unless
// allow-range-query-with-inline-sharding, then touch all targets.
#include "sqlroute/algorithm.h"

namespace sqlroute::algorithm {

ShardingAlgorithm CreateInlineShardingAlgorithm(const Props& props, const std::string& path);

}  // namespace sqlroute::algorithm
