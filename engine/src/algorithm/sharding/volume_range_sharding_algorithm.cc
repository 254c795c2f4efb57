#include "algorithm/sharding/volume_range_sharding_algorithm.h"

#include <limits>
#include <memory>

#include "algorithm/sharding/algorithm_props.h"
#include "algorithm/sharding/partition_range_sharding_algorithm.h"
#include "sqlroute/error_text.h"

namespace sqlroute::algorithm {
namespace {

constexpr int64_t kMaxPartitions = 10'000'000;

}  // namespace

ShardingAlgorithm CreateVolumeRangeShardingAlgorithm(const Props& props, const std::string& path) {
  AlgorithmProps reader(props, path);
  constexpr int64_t kMin = std::numeric_limits<int64_t>::min();
  constexpr int64_t kMax = std::numeric_limits<int64_t>::max();
  int64_t lower = reader.RequiredLong("range-lower", kMin, kMax);
  int64_t upper = reader.RequiredLong("range-upper", kMin, kMax);
  int64_t volume = reader.RequiredLong("sharding-volume", 1, kMax);
  __int128 span = static_cast<__int128>(upper) - lower;
  if (span < volume) reader.Fail(Message<msg::RangeSmallerThanVolume>());
  __int128 partitions = (span + volume - 1) / volume;
  if (partitions > kMaxPartitions)
    reader.Fail(Message<msg::TooManyPartitions>(arg::count = static_cast<int64_t>(partitions)));
  std::vector<int64_t> boundaries;
  for (__int128 start = lower; start < upper; start += volume) boundaries.push_back(static_cast<int64_t>(start));
  boundaries.push_back(upper);
  ShardingAlgorithm result;
  result.standard = std::make_shared<PartitionRangeShardingAlgorithm>("VOLUME_RANGE", std::move(boundaries));
  return result;
}

}  // namespace sqlroute::algorithm
