#include "algorithm/sharding/auto_interval_sharding_algorithm.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <limits>
#include <memory>

#include "algorithm/sharding/algorithm_props.h"
#include "algorithm/sharding/datetime_pattern.h"
#include "algorithm/sharding/sharding_values.h"
#include "sqlroute/error_text.h"

namespace sqlroute::algorithm {
namespace {

constexpr const char* kPattern = "yyyy-MM-dd HH:mm:ss";
constexpr int64_t kMaxTables = 10'000'000;

const DateTimePattern& Pattern() {
  static const DateTimePattern pattern(kPattern);
  return pattern;
}

// DecimalFormat("0.00") rounds the exact binary value HALF_EVEN, as glibc's printf does.
int64_t CeilOfTwoDecimals(double position) {
  char text[64];
  std::snprintf(text, sizeof text, "%.2f", position);
  return static_cast<int64_t>(std::ceil(std::strtod(text, nullptr)));
}

class AutoIntervalShardingAlgorithm : public StandardShardingAlgorithm {
 public:
  AutoIntervalShardingAlgorithm(int64_t lower_second, int64_t sharding_seconds, int64_t tables)
      : lower_second_(lower_second), sharding_seconds_(sharding_seconds), tables_(tables) {}

  std::string DoSharding(const std::vector<std::string>& available_targets, const ShardingTarget& target,
                         const Value& value) const override {
    return FindMatchedTargetName(available_targets, std::to_string(PartitionOf(value)), target.node_info);
  }

  std::vector<std::string> DoRangeSharding(const std::vector<std::string>& available_targets,
                                           const ShardingTarget& target, const ValueRange& range) const override {
    int64_t first = range.lower ? PartitionOf(*range.lower) : 0;
    int64_t last = range.upper ? PartitionOf(*range.upper) : tables_ - 1;
    return MatchedTargetsForPartitions(available_targets, first, last, target.node_info);
  }

  std::optional<int> AutoTablesAmount() const override { return static_cast<int>(tables_); }

 private:
  // value.toString() parsed as yyyy-MM-dd HH:mm:ss; trailing text such as ".0" is ignored.
  int64_t PartitionOf(const Value& value) const {
    RequireNotNull(value);
    auto parsed = value.kind() == Value::Kind::Bytes ? std::nullopt : Pattern().Parse(value.ToJavaString(), true);
    if (!parsed)
      throw Error(Message<msg::ShardingValueNotDatetime>(arg::value = value.ToDisplay(),
                                                         arg::algorithm = "AUTO_INTERVAL", arg::pattern = kPattern));
    double slices = static_cast<double>(parsed->EpochSecond() - lower_second_) / static_cast<double>(sharding_seconds_);
    return std::min(std::max<int64_t>(0, CeilOfTwoDecimals(slices)), tables_ - 1);
  }

  int64_t lower_second_;
  int64_t sharding_seconds_;
  int64_t tables_;
};

int64_t ReadDateTime(const AlgorithmProps& props, const std::string& key) {
  std::string text = props.RequiredText(key);
  auto parsed = Pattern().Parse(text);
  if (!parsed) {
    props.Fail(Message<msg::DatetimeBoundInvalid>(arg::key = key, arg::pattern = kPattern, arg::value = text));
  }
  return parsed->EpochSecond();
}

}  // namespace

ShardingAlgorithm CreateAutoIntervalShardingAlgorithm(const Props& props, const std::string& path) {
  AlgorithmProps reader(props, path);
  int64_t lower = ReadDateTime(reader, "datetime-lower");
  int64_t upper = ReadDateTime(reader, "datetime-upper");
  int64_t seconds = reader.RequiredLong("sharding-seconds", 1, std::numeric_limits<int64_t>::max());
  if (upper < lower) reader.Fail(Message<msg::UpperBeforeLower>());
  auto tables = static_cast<int64_t>(std::ceil(static_cast<double>(upper - lower) / static_cast<double>(seconds))) + 2;
  if (tables > kMaxTables) reader.Fail(Message<msg::TooManyTables>(arg::count = tables));
  ShardingAlgorithm result;
  result.standard = std::make_shared<AutoIntervalShardingAlgorithm>(lower, seconds, tables);
  return result;
}

}  // namespace sqlroute::algorithm
