#include "algorithm/sharding/boundary_range_sharding_algorithm.h"

#include <algorithm>
#include <memory>

#include "algorithm/sharding/algorithm_props.h"
#include "algorithm/sharding/partition_range_sharding_algorithm.h"
#include "sqlroute/error_text.h"

namespace sqlroute::algorithm {
namespace {

std::string Trim(const std::string& text) {
  auto begin = text.find_first_not_of(" \t\r\n");
  if (begin == std::string::npos) return "";
  return text.substr(begin, text.find_last_not_of(" \t\r\n") - begin + 1);
}

// Guava's Longs.tryParse: optional '-', digits, no '+'.
std::optional<int64_t> TryParseLong(const std::string& text) {
  if (!text.empty() && text[0] == '+') return std::nullopt;
  return ParseJavaLong(text);
}

}  // namespace

ShardingAlgorithm CreateBoundaryRangeShardingAlgorithm(const Props& props, const std::string& path) {
  AlgorithmProps reader(props, path);
  std::string ranges = reader.RequiredText("sharding-ranges");
  std::vector<int64_t> boundaries;
  std::size_t start = 0;
  while (true) {
    auto comma = ranges.find(',', start);
    if (auto parsed = TryParseLong(Trim(ranges.substr(start, comma - start)))) boundaries.push_back(*parsed);
    if (comma == std::string::npos) break;
    start = comma + 1;
  }
  if (boundaries.empty()) reader.Fail(Message<msg::ShardingRangesEmpty>());
  std::sort(boundaries.begin(), boundaries.end());
  ShardingAlgorithm result;
  result.standard = std::make_shared<PartitionRangeShardingAlgorithm>("BOUNDARY_RANGE", std::move(boundaries));
  return result;
}

}  // namespace sqlroute::algorithm
