#pragma once
// HINT_INLINE (ShardingSphere's HintInlineShardingAlgorithm): each hint value bound to `value` in
// the expression (default `${value}`); no hint values means every target.
#include "sqlroute/algorithm.h"

namespace sqlroute::algorithm {

ShardingAlgorithm CreateHintInlineShardingAlgorithm(const Props& props, const std::string& path);

}  // namespace sqlroute::algorithm
