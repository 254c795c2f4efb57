#pragma once
// MOD (ShardingSphere's ModShardingAlgorithm): suffix = value mod sharding-count (BigInteger.mod,
// never negative), optionally after cutting start/stop offsets from the value's text and
// zero-padding the suffix.
#include "sqlroute/algorithm.h"

namespace sqlroute::algorithm {

ShardingAlgorithm CreateModShardingAlgorithm(const Props& props, const std::string& path);

}  // namespace sqlroute::algorithm
