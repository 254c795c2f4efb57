// Compile-time (CONFIG_INLINE_EXPRESSION) and evaluation-time (INLINE_EXPRESSION_MISMATCH) errors.
#include <gtest/gtest.h>

#include "expr/inline_expression.h"
#include "sqlroute/error.h"

namespace sqlroute::expr {
namespace {

using Bindings = std::vector<std::pair<std::string, Value>>;

std::string CompileError(std::string_view expression) {
  try {
    Closure::Compile(expression);
  } catch (const Error& error) {
    EXPECT_EQ(error.code(), ErrorCode::CONFIG_INLINE_EXPRESSION) << expression;
    return error.message();
  }
  ADD_FAILURE() << "compiled: " << expression;
  return "";
}

std::string EvalError(std::string_view expression, const Bindings& bindings) {
  auto closure = Closure::Compile(expression);
  try {
    closure->Evaluate(bindings);
  } catch (const Error& error) {
    EXPECT_EQ(error.code(), ErrorCode::INLINE_EXPRESSION_MISMATCH) << expression;
    return error.message();
  }
  ADD_FAILURE() << "evaluated: " << expression;
  return "";
}

TEST(InlineErrorTest, SyntaxErrorsNameExpressionAndPosition) {
  EXPECT_EQ(CompileError("t_${foo(}"), "Inline expression `t_${foo(}` is invalid at position 9: expected an expression");
  EXPECT_EQ(CompileError("t_${id % }"), "Inline expression `t_${id % }` is invalid at position 10: expected an expression");
  EXPECT_EQ(CompileError("t_${id % 2"),
            "Inline expression `t_${id % 2` is invalid at position 11: unclosed placeholder, expected `}`");
  EXPECT_EQ(CompileError("t_${}"), "Inline expression `t_${}` is invalid at position 5: empty placeholder");
  EXPECT_EQ(CompileError("t_${id = 2}"), "Inline expression `t_${id = 2}` is invalid at position 8: unexpected character `=`");
  EXPECT_EQ(CompileError("t_${'abc}"), "Inline expression `t_${'abc}` is invalid at position 5: unterminated string");
  EXPECT_EQ(CompileError("t_${0x1F}"), "Inline expression `t_${0x1F}` is invalid at position 5: malformed number");
}

TEST(InlineErrorTest, PositionsCountCharactersNotBytes) {
  EXPECT_EQ(CompileError("表_${id %}"), "Inline expression `表_${id %}` is invalid at position 9: expected an expression");
}

TEST(InlineErrorTest, UnknownMethodsAndPropertiesFailAtCompileTime) {
  EXPECT_EQ(CompileError("t_${id.foo()}"), "Inline expression `t_${id.foo()}` is invalid at position 8: unknown method `foo`");
  EXPECT_EQ(CompileError("t_${Math.pow(2, 3)}"),
            "Inline expression `t_${Math.pow(2, 3)}` is invalid at position 10: unknown method `Math.pow`");
  EXPECT_EQ(CompileError("t_${System.exit(0)}"),
            "Inline expression `t_${System.exit(0)}` is invalid at position 12: unknown method `exit`");
  EXPECT_EQ(CompileError("t_${s.length}"),
            "Inline expression `t_${s.length}` is invalid at position 7: property access `.length` is not supported");
  EXPECT_EQ(CompileError("t_${foo(1)}"), "Inline expression `t_${foo(1)}` is invalid at position 5: unknown function `foo`");
  EXPECT_EQ(CompileError("t_${s.substring()}"),
            "Inline expression `t_${s.substring()}` is invalid at position 7: method `substring` takes 1 or 2 "
            "argument(s), got 0");
  EXPECT_EQ(CompileError("t_${ {-> 1}() }"), "Inline expression `t_${ {-> 1}() }` is invalid at position 6: expected an expression");
}

TEST(InlineErrorTest, NonGroovyTypesCannotBeAlgorithms) {
  EXPECT_NE(CompileError("<LITERAL>t_1").find("only GROOVY"), std::string::npos);
  EXPECT_NE(CompileError("<NOPE>t_1").find("unknown inline expression type `NOPE`"), std::string::npos);
}

TEST(InlineErrorTest, UnboundVariable) {
  EXPECT_EQ(EvalError("t_${order_id % 2}", {{"user_id", Value::Int(1)}}),
            "Inline expression `t_${order_id % 2}` failed: No such property: order_id");
}

TEST(InlineErrorTest, MethodNotApplicableToRuntimeType) {
  EXPECT_EQ(EvalError("t_${id.padLeft(2, '0')}", {{"id", Value::Int(7)}}),
            "Inline expression `t_${id.padLeft(2, '0')}` failed: No signature of method: java.lang.Integer.padLeft() "
            "is applicable for argument types: (java.lang.Integer, java.lang.String) values: [2, 0]");
  EXPECT_NE(EvalError("t_${id.intdiv(2)}", {{"id", Value::String("7")}}).find("java.lang.String.intdiv()"),
            std::string::npos);
  EXPECT_NE(EvalError("t_${id.toInteger()}", {{"id", Value::String("x7")}}).find("For input string: \"x7\""),
            std::string::npos);
  EXPECT_NE(EvalError("t_${id.substring(5)}", {{"id", Value::String("abc")}}).find("StringIndexOutOfBounds"),
            std::string::npos);
}

TEST(InlineErrorTest, BadOperandTypes) {
  EXPECT_NE(EvalError("t_${id % 2}", {{"id", Value::String("7")}}).find("Cannot apply `%` to java.lang.String"),
            std::string::npos);
  EXPECT_NE(EvalError("t_${id % 2}", {{"id", Value::Null()}}).find("Cannot apply `%` to null"), std::string::npos);
  EXPECT_NE(EvalError("t_${id.hashCode()}", {{"id", Value::Null()}}).find("on null object"), std::string::npos);
  EXPECT_NE(EvalError("t_${id % 0}", {{"id", Value::Int(1)}}).find("Division by zero"), std::string::npos);
  EXPECT_NE(EvalError("t_${id < 'a'}", {{"id", Value::Int(1)}}).find("Cannot compare"), std::string::npos);
  EXPECT_NE(EvalError("t_${id % 2}", {{"id", Value::Decimal("1.5")}}).find("Cannot use mod()"), std::string::npos);
}

TEST(InlineErrorTest, ListEvaluationErrorsAreConfigErrors) {
  try {
    ExpandList("ds_${x}.t");
    FAIL();
  } catch (const Error& error) {
    EXPECT_EQ(error.code(), ErrorCode::CONFIG_INLINE_EXPRESSION);
    EXPECT_EQ(error.message(), "Inline expression `ds_${x}.t` cannot be expanded: No such property: x");
  }
  try {
    ExpandList("ds_${0..}");
    FAIL();
  } catch (const Error& error) {
    EXPECT_EQ(error.message(), "Inline expression `ds_${0..}` is invalid at position 9: expected an expression");
  }
}

TEST(InlineErrorTest, DepthBound) {
  std::string deep = "t_${" + std::string(300, '(') + "1" + std::string(300, ')') + "}";
  EXPECT_NE(CompileError(deep).find("nested deeper than 200 levels"), std::string::npos);
  std::string chain = "t_${1";
  for (int i = 0; i < 250; ++i) chain += " + 1";
  EXPECT_NE(CompileError(chain + "}").find("nested deeper than 200 levels"), std::string::npos);
  std::string negations = "t_${" + std::string(250, '-') + "1}";
  EXPECT_NE(CompileError(negations).find("nested deeper than 200 levels"), std::string::npos);
  std::string shallow = "t_${" + std::string(150, '(') + "1" + std::string(150, ')') + "}";
  EXPECT_EQ(Closure::Compile(shallow)->Evaluate({}), "t_1");
}

TEST(InlineErrorTest, SizeBound) {
  try {
    ExpandList("t_${0..1000000}");
    FAIL();
  } catch (const Error& error) {
    EXPECT_EQ(error.code(), ErrorCode::CONFIG_INLINE_EXPRESSION);
    EXPECT_EQ(error.message(),
              "Inline expression `t_${0..1000000}` is invalid at position 6: range produces more than 1000000 items");
  }
  EXPECT_EQ(ExpandList("t_${1..1000000}").size(), 1000000u);
  try {
    ExpandList("t_${0..999}_${0..999}_${0..9}");
    FAIL();
  } catch (const Error& error) {
    EXPECT_EQ(error.code(), ErrorCode::CONFIG_INLINE_EXPRESSION);
    EXPECT_NE(error.message().find("more than 1000000 items"), std::string::npos);
  }
}

TEST(InlineErrorTest, EveryPrefixCompilesOrFailsAsConfigError) {
  const std::string seeds[] = {
      "t_${Math.abs(String.valueOf(id).hashCode() % 17)}_${id > 1 ? \"a${id}\" : 'b'}",
      "ds_${[0, 1]}.t_$->{(id % 4).intdiv(2)}_${'x'.padLeft(2, '0') ?: -1.5e3}",
  };
  for (const std::string& seed : seeds) {
    for (size_t length = 0; length <= seed.size(); ++length) {
      std::string prefix = seed.substr(0, length);
      try {
        Closure::Compile(prefix);
      } catch (const Error& error) {
        EXPECT_EQ(error.code(), ErrorCode::CONFIG_INLINE_EXPRESSION) << prefix;
      }
    }
  }
}

}  // namespace
}  // namespace sqlroute::expr
