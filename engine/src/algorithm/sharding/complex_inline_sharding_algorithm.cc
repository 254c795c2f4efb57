#include "algorithm/sharding/complex_inline_sharding_algorithm.h"

#include <algorithm>
#include <memory>

#include "algorithm/sharding/inline_algorithm_expression.h"
#include "algorithm/sharding/sharding_values.h"
#include "sqlroute/error_text.h"

namespace sqlroute::algorithm {
namespace {

using Binding = std::vector<std::pair<std::string, Value>>;

std::size_t CountColumns(const std::optional<std::string>& columns) {
  if (!columns) return 0;
  std::size_t count = 0;
  std::size_t start = 0;
  while (true) {
    auto comma = columns->find(',', start);
    auto item = columns->substr(start, comma - start);
    if (item.find_first_not_of(" \t") != std::string::npos) ++count;
    if (comma == std::string::npos) return count;
    start = comma + 1;
  }
}

class ComplexInlineShardingAlgorithm : public ComplexShardingAlgorithm {
 public:
  explicit ComplexInlineShardingAlgorithm(const AlgorithmProps& props)
      : expression_(props),
        sharding_columns_(CountColumns(props.Text("sharding-columns"))),
        allow_range_query_(props.Flag(kAllowRangeQueryKey)) {}

  std::vector<std::string> DoSharding(const std::vector<std::string>& available_targets, const std::string& logic_table,
                                      const std::map<std::string, std::vector<Value>>& column_values,
                                      const std::map<std::string, ValueRange>& column_ranges) const override {
    if (!column_ranges.empty()) {
      if (!allow_range_query_) ThrowRangeOnInline();
      return available_targets;
    }
    if (sharding_columns_ != 0 && sharding_columns_ != column_values.size()) {
      throw Error(
          Message<msg::ComplexInlineColumns>(arg::needed = sharding_columns_, arg::found = column_values.size()));
    }
    std::string columns;
    for (const auto& each : column_values) {
      columns += (columns.empty() ? "" : ",") + each.first;
      for (const auto& value : each.second) RequireNotNull(value);
    }
    std::vector<std::string> result;
    for (const auto& binding : CartesianProduct(column_values)) {
      std::string target = expression_.Evaluate(binding, columns);
      if (std::find(result.begin(), result.end(), target) == result.end()) result.push_back(target);
    }
    return result;
  }

 private:
  static std::vector<Binding> CartesianProduct(const std::map<std::string, std::vector<Value>>& column_values) {
    std::vector<Binding> result;
    for (const auto& [column, values] : column_values) {
      std::vector<Binding> next;
      if (result.empty()) {
        for (const auto& value : values) next.push_back({{column, value}});
      } else {
        for (const auto& binding : result) {
          for (const auto& value : values) {
            next.push_back(binding);
            next.back().emplace_back(column, value);
          }
        }
      }
      result = std::move(next);
    }
    return result;
  }

  InlineAlgorithmExpression expression_;
  std::size_t sharding_columns_;
  bool allow_range_query_;
};

}  // namespace

ShardingAlgorithm CreateComplexInlineShardingAlgorithm(const Props& props, const std::string& path) {
  ShardingAlgorithm result;
  result.complex = std::make_shared<ComplexInlineShardingAlgorithm>(AlgorithmProps(props, path));
  return result;
}

}  // namespace sqlroute::algorithm
