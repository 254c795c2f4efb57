#pragma once
// HASH_MOD (ShardingSphere's HashModShardingAlgorithm): suffix = Math.abs((long) value.hashCode())
// % sharding-count, with the Java hash of the value's runtime type; `normalize-numeric-int-range`
// hashes int-range Long/BigInteger values as Integer. Range queries touch every target.
#include "sqlroute/algorithm.h"

namespace sqlroute::algorithm {

ShardingAlgorithm CreateHashModShardingAlgorithm(const Props& props, const std::string& path);

}  // namespace sqlroute::algorithm
