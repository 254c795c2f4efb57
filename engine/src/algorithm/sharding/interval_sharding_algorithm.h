#pragma once
// INTERVAL (ShardingSphere's IntervalShardingAlgorithm): intervals [t, t + amount·unit) walked from
// datetime-lower while not after datetime-upper; every interval meeting the queried range selects
// the available targets ending with t formatted by sharding-suffix-pattern.
#include "sqlroute/algorithm.h"

namespace sqlroute::algorithm {

ShardingAlgorithm CreateIntervalShardingAlgorithm(const Props& props, const std::string& path);

}  // namespace sqlroute::algorithm
