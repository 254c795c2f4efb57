#pragma once
// COMPLEX_INLINE (ShardingSphere's ComplexInlineShardingAlgorithm): the expression evaluated for
// every combination of the columns' values (first column varies slowest); `sharding-columns` fixes
// how many columns must have values.
#include "sqlroute/algorithm.h"

namespace sqlroute::algorithm {

ShardingAlgorithm CreateComplexInlineShardingAlgorithm(const Props& props, const std::string& path);

}  // namespace sqlroute::algorithm
