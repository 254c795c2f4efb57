#pragma once
// AUTO_INTERVAL (ShardingSphere's AutoIntervalShardingAlgorithm): datetime-lower/datetime-upper
// (yyyy-MM-dd HH:mm:ss) cut into sharding-seconds slices; tables = ceil((upper-lower)/seconds) + 2;
// a value's partition is ceil(DecimalFormat("0.00") of its offset in slices), clamped to
// [0, tables-1].
#include "sqlroute/algorithm.h"

namespace sqlroute::algorithm {

ShardingAlgorithm CreateAutoIntervalShardingAlgorithm(const Props& props, const std::string& path);

}  // namespace sqlroute::algorithm
