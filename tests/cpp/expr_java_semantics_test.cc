// Java/Groovy semantics the interpreter must reproduce exactly (HashModShardingAlgorithm's
// hashCode(), InlineShardingAlgorithm's Groovy arithmetic). Expected numbers were computed
// independently (Python re-implementations of the Java rules).
#include <gtest/gtest.h>

#include "expr/inline_expression.h"

namespace sqlroute::expr {
namespace {

using Bindings = std::vector<std::pair<std::string, Value>>;

std::string Eval(std::string_view expression, const Bindings& bindings = {}) {
  return Closure::Compile(expression)->Evaluate(bindings);
}

std::string HashOf(const Value& value) { return Eval("${v.hashCode()}", {{"v", value}}); }

TEST(ExprJavaSemanticsTest, IntegerOverflowWraps) {
  EXPECT_EQ(Eval("${2147483647 + 1}"), "-2147483648");
  EXPECT_EQ(Eval("${x + 1}", {{"x", Value::Int(2147483647)}}), "-2147483648");
  EXPECT_EQ(Eval("${x * 2}", {{"x", Value::Int(2000000000)}}), "-294967296");
  EXPECT_EQ(Eval("${x + 1}", {{"x", Value::Long(9223372036854775807LL)}}), "-9223372036854775808");
  EXPECT_EQ(Eval("${-x}", {{"x", Value::Int(INT32_MIN)}}), "-2147483648");
  EXPECT_EQ(Eval("${x % -1}", {{"x", Value::Int(INT32_MIN)}}), "0");
}

TEST(ExprJavaSemanticsTest, PromotionFollowsGroovy) {
  EXPECT_EQ(Eval("${x + 1}", {{"x", Value::Long(2147483647)}}), "2147483648");  // Long stays Long
  EXPECT_EQ(Eval("${2147483648 + 1}"), "2147483649");                          // literal is a Long
  EXPECT_EQ(Eval("${9223372036854775807 + 1}"), "-9223372036854775808");       // Long overflow wraps
  EXPECT_EQ(Eval("${9223372036854775808 + 1}"), "9223372036854775809");        // literal is a BigInteger
  EXPECT_EQ(Eval("${1.5 + 1}"), "2.5");
  EXPECT_EQ(Eval("${0.1 + 0.2}"), "0.3");    // BigDecimal, not double
  EXPECT_EQ(Eval("${0.1d + 0.2d}"), "0.30000000000000004");
  EXPECT_EQ(Eval("${1.50 * 2}"), "3.00");
  EXPECT_EQ(Eval("${2.0d * 2}"), "4.0");
}

TEST(ExprJavaSemanticsTest, HashCodes) {
  EXPECT_EQ(HashOf(Value::Int(-1)), "-1");
  EXPECT_EQ(HashOf(Value::Long(-1)), "0");
  EXPECT_EQ(HashOf(Value::Long(4294967296LL)), "1");
  EXPECT_EQ(HashOf(Value::Long(123456789012345LL)), "-2045923535");
  EXPECT_EQ(HashOf(Value::BigInt("-1")), "-1");
  EXPECT_EQ(HashOf(Value::BigInt("12345678901234567890")), "-1436577082");
  EXPECT_EQ(HashOf(Value::BigInt("-18446744073709551611")), "36");
  EXPECT_EQ(HashOf(Value::Decimal("1.5")), "466");
  EXPECT_EQ(HashOf(Value::String("a")), "97");
  EXPECT_EQ(HashOf(Value::String("")), "0");
  EXPECT_EQ(HashOf(Value::String("中国")), "642672");
  EXPECT_EQ(HashOf(Value::String("héllo")), "103094734");
  EXPECT_EQ(HashOf(Value::String("😀")), "1772899");      // surrogate pair D83D DE00
  EXPECT_EQ(HashOf(Value::String("x😀y")), "58534910");
  EXPECT_EQ(HashOf(Value::String("polygenelubricants")), "-2147483648");
  EXPECT_EQ(HashOf(Value::Bool(true)), "1231");
  EXPECT_EQ(HashOf(Value::Double(1.0)), "1072693248");
}

TEST(ExprJavaSemanticsTest, HashModLikeExpression) {
  EXPECT_EQ(Eval("${Math.abs(v.hashCode()) % 4}", {{"v", Value::String("中国")}}), "0");
  EXPECT_EQ(Eval("${Math.abs(v.hashCode())}", {{"v", Value::String("polygenelubricants")}}), "-2147483648");
}

TEST(ExprJavaSemanticsTest, DivisionGivesBigDecimal) {
  EXPECT_EQ(Eval("${5 / 2}"), "2.5");
  EXPECT_EQ(Eval("${4 / 2}"), "2");
  EXPECT_EQ(Eval("${1 / 3}"), "0.3333333333");
  EXPECT_EQ(Eval("${2 / 3}"), "0.6666666667");
  EXPECT_EQ(Eval("${1 / 4}"), "0.25");
  EXPECT_EQ(Eval("${10 / 4}"), "2.5");
  EXPECT_EQ(Eval("${-7 / 2}"), "-3.5");
  EXPECT_EQ(Eval("${100 / 10}"), "10");
  EXPECT_EQ(Eval("${1.00 / 3}"), "0.3333333333");
  EXPECT_EQ(Eval("${2.50 / 0.5}"), "5.0");
  EXPECT_EQ(Eval("${1 / 3.0d}"), "0.3333333333333333");
  EXPECT_EQ(Eval("${x / 7}", {{"x", Value::Long(22)}}), "3.1428571429");
}

TEST(ExprJavaSemanticsTest, IntDivTruncates) {
  EXPECT_EQ(Eval("${7.intdiv(2)}_${(-7).intdiv(2)}_${x.intdiv(2)}", {{"x", Value::Long(9)}}), "3_-3_4");
  EXPECT_EQ(Eval("${Math.floorDiv(-7, 2)}"), "-4");
}

TEST(ExprJavaSemanticsTest, BigIntegerRemainderIsGroovyMod) {
  // Groovy 4 maps `%` to mod(); for BigInteger that is BigInteger.mod (never negative).
  EXPECT_EQ(Eval("${x % 4}", {{"x", Value::BigInt("-1")}}), "3");
  EXPECT_EQ(Eval("${x % 4}", {{"x", Value::BigInt("18446744073709551617")}}), "1");
  EXPECT_EQ(Eval("${x + 1}", {{"x", Value::BigInt("18446744073709551615")}}), "18446744073709551616");
  EXPECT_EQ(Eval("${x - y}", {{"x", Value::BigInt("18446744073709551616")}, {"y", Value::Int(1)}}),
            "18446744073709551615");
  EXPECT_EQ(Eval("${x * x}", {{"x", Value::BigInt("-18446744073709551616")}}),
            "340282366920938463463374607431768211456");
}

TEST(ExprJavaSemanticsTest, OutputText) {
  EXPECT_EQ(Eval("${1.0d}_${100.0d}_${1e7d}_${0.001d}_${1.0E-4d}"), "1.0_100.0_1.0E7_0.001_1.0E-4");
  EXPECT_EQ(Eval("${true}_${false}_${null}_${[1, 'a']}"), "true_false_null_[1, a]");
  EXPECT_EQ(Eval("${1E+3}_${0.0000001}_${-0.5}"), "1E+3_1E-7_-0.5");
  EXPECT_EQ(Eval("${010}_${10L}_${10G}"), "8_10_10");
}

}  // namespace
}  // namespace sqlroute::expr
