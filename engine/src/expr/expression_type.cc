#include "expr/expression_type.h"

#include <cctype>
#include <string>

#include "expr/inline_errors.h"
#include "sqlroute/error_text.h"

namespace sqlroute::expr {

TaggedExpression ParseExpressionType(std::string_view expression) {
  if (expression.empty() || expression[0] != '<') return {ExpressionType::Groovy, 0};
  size_t close = expression.find('>');
  if (close == std::string_view::npos) ThrowInvalidAt(expression, 0, Message<msg::InlineTypeTagUnclosed>());
  std::string name(expression.substr(1, close - 1));
  for (char& c : name) c = static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
  if (name == "GROOVY" || name == "ESPRESSO") return {ExpressionType::Groovy, close + 1};
  if (name == "LITERAL") return {ExpressionType::Literal, close + 1};
  if (name == "INTERVAL") return {ExpressionType::Interval, close + 1};
  ThrowInvalidAt(expression, 1, Message<msg::InlineTypeTagUnknown>(arg::type = expression.substr(1, close - 1)));
}

}  // namespace sqlroute::expr
