#pragma once
// ShardingSphere inline expressions (its GroovyInlineExpressionParser): lists such as
// "ds_${0..1}.t_order_${0..1}" and algorithm expressions such as "t_order_${order_id % 2}",
// evaluated by our own small interpreter with Groovy/Java semantics. Compiled once; evaluation is
// thread-safe.
#include <memory>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "sqlroute/value.h"

namespace sqlroute::expr {

// Expands a list expression: top-level comma items, ${a..b} / ${a..<b} ranges, ${[..]} lists,
// cartesian products (first placeholder varies slowest), <LITERAL> and <INTERVAL> forms.
// Throws Error(CONFIG_INLINE_EXPRESSION) naming the expression and the position.
std::vector<std::string> ExpandList(std::string_view expression);

class Closure {
 public:
  virtual ~Closure() = default;
  // Compiles an algorithm expression; `$->{` is accepted as `${`. Throws
  // Error(CONFIG_INLINE_EXPRESSION) for syntax or unsupported constructs.
  static std::shared_ptr<const Closure> Compile(std::string_view expression);

  // Evaluates with the given variables bound; returns the resulting text (Groovy's toString).
  // A missing variable or a method that does not apply to the value type throws
  // Error(INLINE_EXPRESSION_MISMATCH) with ShardingSphere's text.
  virtual std::string Evaluate(const std::vector<std::pair<std::string, Value>>& variables) const = 0;

  // Variable names the expression reads, in first-use order.
  virtual const std::vector<std::string>& variables() const = 0;
  virtual const std::string& source() const = 0;
};

}  // namespace sqlroute::expr
