#pragma once
// The optional `<TYPE>` tag in front of an inline expression (ShardingSphere's
// InlineExpressionParserFactory): GROOVY (default), LITERAL, INTERVAL, and ESPRESSO (GROOVY
// syntax). Other tags throw CONFIG_INLINE_EXPRESSION.
#include <cstddef>
#include <string_view>

namespace sqlroute::expr {

enum class ExpressionType { Groovy, Literal, Interval };

struct TaggedExpression {
  ExpressionType type;
  size_t body_offset;  // where the expression starts after the tag
};

TaggedExpression ParseExpressionType(std::string_view expression);

}  // namespace sqlroute::expr
