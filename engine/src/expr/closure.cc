// Closure::Compile: algorithm expressions such as "t_order_${order_id % 2}".
#include <memory>

#include "expr/evaluator.h"
#include "expr/expression_type.h"
#include "expr/inline_errors.h"
#include "expr/inline_expression.h"
#include "expr/parser.h"
#include "sqlroute/error_text.h"

namespace sqlroute::expr {
namespace {

class CompiledClosure final : public Closure {
 public:
  explicit CompiledClosure(std::string_view expression) {
    program_.source = std::string(expression);
    TaggedExpression tagged = ParseExpressionType(expression);
    if (tagged.type != ExpressionType::Groovy) {
      ThrowInvalid(expression, Message<msg::InlineNotGroovy>());
    }
    std::string_view body = expression.substr(tagged.body_offset);
    // GroovyInlineExpressionParser.evaluateWithArgs returns an expression without `${` or `$->{`
    // as it is, `$name` and escapes included.
    if (body.find("${") == std::string_view::npos && body.find("$->{") == std::string_view::npos) {
      constant_ = std::string(body);
      return;
    }
    root_ = ParseTemplate(&program_, tagged.body_offset);
  }

  std::string Evaluate(const Bindings& variables) const override {
    if (root_ < 0) return constant_;
    std::string text;
    try {
      Evaluator(program_, &variables).AppendTemplate(root_, &text);
    } catch (const Error& error) {
      if (error.code() != ErrorCode::INLINE_EXPRESSION_MISMATCH) throw;
      throw Error(Message<msg::InlineFailed>(arg::expression = program_.source, arg::detail = error.message()));
    }
    return text;
  }

  const std::vector<std::string>& variables() const override { return program_.names; }
  const std::string& source() const override { return program_.source; }

 private:
  Program program_;
  int32_t root_ = -1;  // -1: a constant expression
  std::string constant_;
};

}  // namespace

std::shared_ptr<const Closure> Closure::Compile(std::string_view expression) {
  return std::make_shared<const CompiledClosure>(expression);
}

}  // namespace sqlroute::expr
