// Algorithm expressions (ShardingSphere's INLINE, COMPLEX_INLINE and HINT_INLINE algorithms):
// GString evaluation with bound variables.
#include <gtest/gtest.h>

#include <thread>

#include "expr/inline_expression.h"
#include "sqlroute/error.h"

namespace sqlroute::expr {
namespace {

using Bindings = std::vector<std::pair<std::string, Value>>;

std::string Eval(std::string_view expression, const Bindings& bindings = {}) {
  return Closure::Compile(expression)->Evaluate(bindings);
}

TEST(InlineClosureTest, ShardingExpressions) {
  EXPECT_EQ(Eval("t_order_${order_id % 2}", {{"order_id", Value::Int(7)}}), "t_order_1");
  EXPECT_EQ(Eval("ds_${user_id % 2}", {{"user_id", Value::Long(10)}}), "ds_0");
  EXPECT_EQ(Eval("ds_$->{user_id % 2}", {{"user_id", Value::Int(3)}}), "ds_1");
  EXPECT_EQ(Eval("t_${(id % 4).intdiv(2)}", {{"id", Value::Int(7)}}), "t_1");
  EXPECT_EQ(Eval("ds_${value}", {{"value", Value::String("x")}}), "ds_x");
  EXPECT_EQ(Eval("<GROOVY>t_${id}", {{"id", Value::Int(1)}}), "t_1");
}

TEST(InlineClosureTest, HashCodeExpressionFromIssue3660) {
  // "order_1001".hashCode() == 754356913, % 17 == 1.
  EXPECT_EQ(Eval("t_${Math.abs(String.valueOf(id).hashCode() % 17)}", {{"id", Value::String("order_1001")}}), "t_1");
  // 1001 -> "1001".hashCode() == 1507424, % 17 == 0.
  EXPECT_EQ(Eval("t_${Math.abs(String.valueOf(id).hashCode() % 17)}", {{"id", Value::Int(1001)}}), "t_0");
}

TEST(InlineClosureTest, NegativeRemainderKeepsTheDividendSign) {
  EXPECT_EQ(Eval("t_order_${-7 % 2}"), "t_order_-1");
  EXPECT_EQ(Eval("t_order_${id % 2}", {{"id", Value::Long(-7)}}), "t_order_-1");
  EXPECT_EQ(Eval("t_${id.mod(2)}", {{"id", Value::Int(-7)}}), "t_-1");
  EXPECT_EQ(Eval("t_${Math.floorMod(id, 2)}", {{"id", Value::Int(-7)}}), "t_1");
}

TEST(InlineClosureTest, MultipleVariablesForComplexInline) {
  Bindings bindings = {{"user_id", Value::Int(3)}, {"order_id", Value::Int(4)}};
  auto closure = Closure::Compile("t_${user_id % 2}_${order_id % 2}");
  EXPECT_EQ(closure->Evaluate(bindings), "t_1_0");
  EXPECT_EQ(closure->variables(), (std::vector<std::string>{"user_id", "order_id"}));
  EXPECT_EQ(closure->source(), "t_${user_id % 2}_${order_id % 2}");
}

TEST(InlineClosureTest, VariablesInFirstUseOrderWithoutClasses) {
  auto closure = Closure::Compile("${Math.abs(b.hashCode()) + a + b}_${String.valueOf(c)}");
  EXPECT_EQ(closure->variables(), (std::vector<std::string>{"b", "a", "c"}));
  EXPECT_TRUE(Closure::Compile("t_${1 + 1}")->variables().empty());
}

TEST(InlineClosureTest, DollarNameInterpolation) {
  EXPECT_EQ(Eval("t_${id}_$id", {{"id", Value::Int(5)}}), "t_5_5");
  // Without `${` the expression is a constant (GroovyInlineExpressionParser.evaluateWithArgs).
  EXPECT_EQ(Eval("t_$id", {{"id", Value::Int(5)}}), "t_$id");
  EXPECT_TRUE(Closure::Compile("t_$id")->variables().empty());
}

TEST(InlineClosureTest, StringsAndConcatenation) {
  EXPECT_EQ(Eval("${'t_' + id}", {{"id", Value::Int(5)}}), "t_5");
  EXPECT_EQ(Eval("${id + '_x'}", {{"id", Value::Int(5)}}), "5_x");
  EXPECT_EQ(Eval("${\"t_${id + 1}\"}", {{"id", Value::Int(5)}}), "t_6");
  EXPECT_EQ(Eval("${'it\\'s'}"), "it's");
  EXPECT_EQ(Eval("${1 + 2 + 'a' + 1 + 2}"), "3a12");
}

TEST(InlineClosureTest, ComparisonsLogicAndTernary) {
  const char* expression = "t_${id > 100 ? 'big' : 'small'}";
  EXPECT_EQ(Eval(expression, {{"id", Value::Int(101)}}), "t_big");
  EXPECT_EQ(Eval(expression, {{"id", Value::Int(100)}}), "t_small");
  EXPECT_EQ(Eval("${id >= 1 && id <= 3 || id == 10}", {{"id", Value::Int(10)}}), "true");
  EXPECT_EQ(Eval("${!(id != 2)}", {{"id", Value::Int(2)}}), "true");
  EXPECT_EQ(Eval("${name ?: 'none'}", {{"name", Value::String("")}}), "none");
  EXPECT_EQ(Eval("${name ?: 'none'}", {{"name", Value::String("n")}}), "n");
  EXPECT_EQ(Eval("${1 == 1L && 1 == 1.0 && 'a' == 'a' && 'a' != 'b' && 1 != '1'}"), "true");
  EXPECT_EQ(Eval("${'abc' < 'abd'}"), "true");
}

TEST(InlineClosureTest, StringMethods) {
  Bindings bindings = {{"s", Value::String(" Order_12 ")}};
  EXPECT_EQ(Eval("${s.trim().toUpperCase()}", bindings), "ORDER_12");
  EXPECT_EQ(Eval("${s.trim().toLowerCase().substring(6)}", bindings), "12");
  EXPECT_EQ(Eval("${s.trim().substring(0, 5)}", bindings), "Order");
  EXPECT_EQ(Eval("${s.length()}_${s.size()}", bindings), "10_10");
  EXPECT_EQ(Eval("${s.trim().charAt(0)}", bindings), "O");
  EXPECT_EQ(Eval("${s.trim().startsWith('Ord')}_${s.trim().endsWith('12')}_${s.contains('x')}", bindings),
            "true_true_false");
  EXPECT_EQ(Eval("${'7'.padLeft(3, '0')}_${'7'.padRight(3)}|"), "007_7  |");
  EXPECT_EQ(Eval("${'7'.padLeft(5, 'ab')}"), "abab7");
  EXPECT_EQ(Eval("${'a-b-c'.replace('-', '_')}"), "a_b_c");
  EXPECT_EQ(Eval("${' 42 '.toInteger() + 1}_${'9000000000'.toLong() + 1}"), "43_9000000001");
  EXPECT_EQ(Eval("${'123456789012345678901234567890'.toBigInteger() + 1}"), "123456789012345678901234567891");
}

TEST(InlineClosureTest, Utf16Indices) {
  EXPECT_EQ(Eval("${s.length()}_${s.substring(1)}_${s.charAt(0)}", {{"s", Value::String("中国人")}}), "3_国人_中");
  EXPECT_EQ(Eval("${s.length()}", {{"s", Value::String("x😀")}}), "3");  // surrogate pair counts twice
}

TEST(InlineClosureTest, NumberMethods) {
  EXPECT_EQ(Eval("${id.abs()}_${Math.abs(id)}", {{"id", Value::Long(-5)}}), "5_5");
  EXPECT_EQ(Eval("${id.intValue()}", {{"id", Value::Long(4294967297LL)}}), "1");
  EXPECT_EQ(Eval("${id.longValue() + 1}", {{"id", Value::Int(2147483647)}}), "2147483648");
  EXPECT_EQ(Eval("${id.toString().padLeft(4, '0')}", {{"id", Value::Int(42)}}), "0042");
  EXPECT_EQ(Eval("${Math.max(3, 9)}_${Math.min(3L, 9)}_${Math.max(1, 2.5d)}"), "9_3_2.5");
  EXPECT_EQ(Eval("${Integer.parseInt('12') + Long.parseLong('1')}"), "13");
  EXPECT_EQ(Eval("${id.toBigInteger() % 7}", {{"id", Value::Decimal("100.9")}}), "2");
}

TEST(InlineClosureTest, ValueKindsFromTheRouter) {
  EXPECT_EQ(Eval("t_${id % 10}", {{"id", Value::BigInt("123456789012345678901234567893")}}), "t_3");
  EXPECT_EQ(Eval("t_${d}", {{"d", Value::Date("2024-01-02")}}), "t_2024-01-02");
  EXPECT_EQ(Eval("t_${d.substring(0, 4)}", {{"d", Value::DateTime("2024-01-02 03:04:05")}}), "t_2024");
  EXPECT_EQ(Eval("${b}_${n}", {{"b", Value::Bool(true)}, {"n", Value::Double(1)}}), "true_1.0");
  EXPECT_EQ(Eval("${x}", {{"x", Value::Null()}}), "null");
}

TEST(InlineClosureTest, SafeNavigation) {
  EXPECT_EQ(Eval("${x?.toString()}", {{"x", Value::Null()}}), "null");
}

TEST(InlineClosureTest, ConcurrentEvaluationOfOneClosure) {
  auto closure = Closure::Compile("t_${id % 4}");
  std::vector<std::thread> threads;
  std::vector<int> failures(4, 0);
  for (int t = 0; t < 4; ++t) {
    threads.emplace_back([&, t] {
      for (int i = 0; i < 5000; ++i) {
        if (closure->Evaluate({{"id", Value::Int(i)}}) != "t_" + std::to_string(i % 4)) ++failures[t];
      }
    });
  }
  for (auto& thread : threads) thread.join();
  EXPECT_EQ(failures, std::vector<int>(4, 0));
}

}  // namespace
}  // namespace sqlroute::expr
