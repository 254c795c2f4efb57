#include "algorithm/sharding/hash_mod_sharding_algorithm.h"

#include <cstdlib>
#include <limits>
#include <memory>

#include "algorithm/sharding/algorithm_props.h"
#include "algorithm/sharding/java_hash_code.h"
#include "algorithm/sharding/java_numbers.h"
#include "algorithm/sharding/sharding_values.h"
#include "sqlroute/error_text.h"

namespace sqlroute::algorithm {
namespace {

class HashModShardingAlgorithm : public StandardShardingAlgorithm, public PrecisePartitions {
 public:
  explicit HashModShardingAlgorithm(const AlgorithmProps& props)
      : sharding_count_(props.RequiredLong("sharding-count", 1, std::numeric_limits<int32_t>::max())),
        normalize_int_range_(props.Flag("normalize-numeric-int-range")) {}

  std::string DoSharding(const std::vector<std::string>& available_targets, const ShardingTarget& target,
                         const Value& value) const override {
    return FindMatchedTargetName(available_targets, PartitionSuffix(PrecisePartition(value)), target.node_info);
  }

  int64_t PrecisePartition(const Value& value) const override {
    RequireNotNull(value);
    auto hash = NormalizedInt(value);
    if (!hash) hash = JavaHashCode(value);
    if (!hash)
      throw Error(Message<msg::ShardingValueNoJavaHash>(arg::value = value.ToDisplay(), arg::algorithm = "HASH_MOD"));
    return std::llabs(static_cast<int64_t>(*hash)) % sharding_count_;
  }

  std::string PartitionSuffix(int64_t partition) const override { return std::to_string(partition); }

  const PrecisePartitions* precise_partitions() const override { return this; }

  std::vector<std::string> DoRangeSharding(const std::vector<std::string>& available_targets,
                                           const ShardingTarget& target, const ValueRange& range) const override {
    return available_targets;
  }

  std::optional<std::vector<int64_t>> RangePartitions(const ValueRange& /*range*/) const override { return std::nullopt; }

  std::optional<int> AutoTablesAmount() const override { return static_cast<int>(sharding_count_); }

 private:
  // normalize-numeric-int-range: a Long or BigInteger within int range hashes as that Integer.
  std::optional<int32_t> NormalizedInt(const Value& value) const {
    if (!normalize_int_range_) return std::nullopt;
    std::optional<__int128> number;
    if (value.kind() == Value::Kind::Long) number = value.int_value();
    if (value.kind() == Value::Kind::BigInt) {
      if (auto parsed = JavaBigInteger::Parse(value.text())) number = parsed->ToInt128();
    }
    bool in_int_range = number && *number >= std::numeric_limits<int32_t>::min() &&
                        *number <= std::numeric_limits<int32_t>::max();
    if (!in_int_range) return std::nullopt;
    return static_cast<int32_t>(*number);
  }

  int64_t sharding_count_;
  bool normalize_int_range_;
};

}  // namespace

ShardingAlgorithm CreateHashModShardingAlgorithm(const Props& props, const std::string& path) {
  ShardingAlgorithm result;
  result.standard = std::make_shared<HashModShardingAlgorithm>(AlgorithmProps(props, path));
  return result;
}

}  // namespace sqlroute::algorithm
