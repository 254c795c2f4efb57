#include "algorithm/sharding/hint_inline_sharding_algorithm.h"

#include <algorithm>
#include <memory>

#include "algorithm/sharding/inline_algorithm_expression.h"
#include "algorithm/sharding/sharding_values.h"

namespace sqlroute::algorithm {
namespace {

class HintInlineShardingAlgorithm : public HintShardingAlgorithm {
 public:
  explicit HintInlineShardingAlgorithm(const AlgorithmProps& props) : expression_(props, std::string("${value}")) {}

  std::vector<std::string> DoSharding(const std::vector<std::string>& available_targets, const std::string& logic_table,
                                      const std::vector<Value>& hint_values) const override {
    if (hint_values.empty()) return available_targets;
    std::vector<std::string> result;
    for (const auto& value : hint_values) {
      RequireNotNull(value);
      std::string target = expression_.Evaluate({{"value", value}}, "value");
      if (std::find(result.begin(), result.end(), target) == result.end()) result.push_back(target);
    }
    return result;
  }

 private:
  InlineAlgorithmExpression expression_;
};

}  // namespace

ShardingAlgorithm CreateHintInlineShardingAlgorithm(const Props& props, const std::string& path) {
  ShardingAlgorithm result;
  result.hint = std::make_shared<HintInlineShardingAlgorithm>(AlgorithmProps(props, path));
  return result;
}

}  // namespace sqlroute::algorithm
