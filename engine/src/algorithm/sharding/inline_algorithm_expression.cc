#include "algorithm/sharding/inline_algorithm_expression.h"

#include "sqlroute/error_text.h"

namespace sqlroute::algorithm {
namespace {

std::string Normalized(const std::string& expression) {
  auto begin = expression.find_first_not_of(" \t\r\n");
  if (begin == std::string::npos) return "";
  std::string result = expression.substr(begin, expression.find_last_not_of(" \t\r\n") - begin + 1);
  for (auto at = result.find("$->{"); at != std::string::npos; at = result.find("$->{", at + 2)) {
    result.replace(at, 4, "${");
  }
  return result;
}

}  // namespace

InlineAlgorithmExpression::InlineAlgorithmExpression(const AlgorithmProps& props,
                                                     const std::optional<std::string>& fallback) {
  auto configured = props.Text("algorithm-expression");
  text_ = Normalized(configured ? *configured : fallback.value_or(""));
  if (text_.empty()) props.Fail(Message<msg::InlineExpressionEmpty>());
  try {
    closure_ = expr::Closure::Compile(text_);
  } catch (const Error& error) {
    props.Fail(Message<msg::AlgorithmPropsRejected>(arg::detail = error.message()));
  }
}

std::string InlineAlgorithmExpression::Evaluate(const std::vector<std::pair<std::string, Value>>& variables,
                                                const std::string& columns) const {
  try {
    return closure_->Evaluate(variables);
  } catch (const Error& error) {
    if (error.code() != ErrorCode::INLINE_EXPRESSION_MISMATCH) throw;
    throw Error(Message<msg::InlineColumnMismatch>(arg::expression = text_, arg::columns = columns));
  }
}

void ThrowRangeOnInline() { throw Error(Message<msg::RangeOnInline>(arg::key = kAllowRangeQueryKey)); }

}  // namespace sqlroute::algorithm
