#pragma once
// Shared engine of VOLUME_RANGE and BOUNDARY_RANGE (ShardingSphere's
// AbstractRangeShardingAlgorithm): partition 0 = (-inf, b0), partition i = [b(i-1), b(i)), last
// partition = [bk, +inf), for ascending boundaries b0..bk. Values are read with
// Long.parseLong(value.toString()).
#include <cstdint>
#include <string>
#include <vector>

#include "sqlroute/algorithm.h"

namespace sqlroute::algorithm {

class PartitionRangeShardingAlgorithm : public StandardShardingAlgorithm {
 public:
  PartitionRangeShardingAlgorithm(std::string type, std::vector<int64_t> boundaries)
      : type_(std::move(type)), boundaries_(std::move(boundaries)) {}

  std::string DoSharding(const std::vector<std::string>& available_targets, const ShardingTarget& target,
                         const Value& value) const override;
  std::vector<std::string> DoRangeSharding(const std::vector<std::string>& available_targets,
                                           const ShardingTarget& target, const ValueRange& range) const override;
  std::optional<int> AutoTablesAmount() const override { return static_cast<int>(boundaries_.size() + 1); }

 private:
  int64_t PartitionOf(const Value& value) const;
  std::string type_;
  std::vector<int64_t> boundaries_;
};

}  // namespace sqlroute::algorithm
