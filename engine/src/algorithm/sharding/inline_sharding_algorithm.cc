#include "algorithm/sharding/inline_sharding_algorithm.h"

#include <memory>

#include "algorithm/sharding/inline_algorithm_expression.h"
#include "algorithm/sharding/sharding_values.h"

namespace sqlroute::algorithm {
namespace {

class InlineShardingAlgorithm : public StandardShardingAlgorithm {
 public:
  explicit InlineShardingAlgorithm(const AlgorithmProps& props)
      : expression_(props), allow_range_query_(props.Flag(kAllowRangeQueryKey)) {}

  std::string DoSharding(const std::vector<std::string>& available_targets, const ShardingTarget& target,
                         const Value& value) const override {
    RequireNotNull(value);
    return expression_.Evaluate({{target.column, value}}, target.column);
  }

  std::vector<std::string> DoRangeSharding(const std::vector<std::string>& available_targets,
                                           const ShardingTarget& target, const ValueRange& range) const override {
    if (!allow_range_query_) ThrowRangeOnInline();
    return available_targets;
  }

 private:
  InlineAlgorithmExpression expression_;
  bool allow_range_query_;
};

}  // namespace

ShardingAlgorithm CreateInlineShardingAlgorithm(const Props& props, const std::string& path) {
  ShardingAlgorithm result;
  result.standard = std::make_shared<InlineShardingAlgorithm>(AlgorithmProps(props, path));
  return result;
}

}  // namespace sqlroute::algorithm
