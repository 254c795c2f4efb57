#pragma once
// The `algorithm-expression` of INLINE, COMPLEX_INLINE and HINT_INLINE: trimmed, `$->{` read as
// `${`, compiled once; evaluation failures carry ShardingSphere's 20082 text.
#include <memory>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "algorithm/sharding/algorithm_props.h"
#include "expr/inline_expression.h"
#include "sqlroute/value.h"

namespace sqlroute::algorithm {

inline constexpr const char* kAllowRangeQueryKey = "allow-range-query-with-inline-sharding";

class InlineAlgorithmExpression {
 public:
  // Without the prop, `fallback` is used when given, else the prop is required.
  InlineAlgorithmExpression(const AlgorithmProps& props, const std::optional<std::string>& fallback = std::nullopt);

  // Evaluates with the variables bound; `columns` names them in the mismatch message.
  std::string Evaluate(const std::vector<std::pair<std::string, Value>>& variables, const std::string& columns) const;
  const std::string& text() const { return text_; }

 private:
  std::string text_;
  std::shared_ptr<const expr::Closure> closure_;
};

// Error(RANGE_ON_INLINE) with ShardingSphere's text, for range values when the prop is false.
[[noreturn]] void ThrowRangeOnInline();

}  // namespace sqlroute::algorithm
