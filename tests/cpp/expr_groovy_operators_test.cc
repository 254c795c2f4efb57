// Groovy's `**`, bitwise and shift operators, and the java.lang.Math overloads Groovy picks, with
// the results Groovy prints (checked against Debian's groovy by the differential test).
#include <gtest/gtest.h>

#include "expr/inline_expression.h"
#include "sqlroute/error.h"

namespace sqlroute::expr {
namespace {

using Bindings = std::vector<std::pair<std::string, Value>>;

std::string Eval(std::string_view expression, const Bindings& bindings = {}) {
  return Closure::Compile(expression)->Evaluate(bindings);
}

void ExpectMismatch(std::string_view expression, const Bindings& bindings = {}) {
  try {
    Eval(expression, bindings);
    ADD_FAILURE() << "evaluated: " << expression;
  } catch (const Error& error) {
    EXPECT_EQ(error.code(), ErrorCode::INLINE_EXPRESSION_MISMATCH) << expression;
  }
}

TEST(GroovyOperatorsTest, PowerPicksGroovysOverload) {
  Bindings x = {{"x", Value::Int(3)}};
  EXPECT_EQ(Eval("t_${x ** 2}", x), "t_9");
  EXPECT_EQ(Eval("${x ** 40}", x), "12157665459056928801");                    // Integer ** Integer: BigInteger when too big
  EXPECT_EQ(Eval("${x ** 30 + 1}", x), "205891132094650");
  EXPECT_EQ(Eval("${x ** -1}", x), "0.3333333333333333");                      // power(Number, Number)
  EXPECT_EQ(Eval("${2 ** 0.5}"), "1.4142135623730951");
  EXPECT_EQ(Eval("${4.0d ** 0.5d}"), "2");                                       // a whole double narrows to Integer
  EXPECT_EQ(Eval("${1.5 ** 2} ${1.5 ** 2L} ${0.0 ** 0}"), "2.25 2.25 1");        // BigDecimal.pow, else double
  EXPECT_EQ(Eval("${x ** y}", {{"x", Value::BigInt("7")}, {"y", Value::BigInt("-2")}}), "0");  // power(BigInteger, BigInteger)
  EXPECT_EQ(Eval("${x ** 2}", {{"x", Value::Long(3)}}), "9");
  EXPECT_EQ(Eval("${-2 ** 2} ${2 ** 3 ** 2} ${~2 ** 2}"), "-4 64 9");            // precedence and associativity
  EXPECT_EQ(Eval("${(-8) ** (1/3)} ${0 ** -1}"), "NaN Infinity");
}

TEST(GroovyOperatorsTest, HugePowersAreRefused) {
  ExpectMismatch("${x ** 100000000}", {{"x", Value::Int(3)}});
  EXPECT_EQ(Eval("${x ** 2000000000}", {{"x", Value::Int(1)}}), "1");
}

TEST(GroovyOperatorsTest, BitwiseOperatorsPromoteLikeNumberMath) {
  EXPECT_EQ(Eval("${5 & 3} ${5 | 8} ${5 ^ 1} ${~5}"), "1 13 4 -6");
  EXPECT_EQ(Eval("${x & 3}", {{"x", Value::BigInt("-6")}}), "2");
  EXPECT_EQ(Eval("${x | y}", {{"x", Value::BigInt("-6")}, {"y", Value::Long(-2)}}), "-2");
  EXPECT_EQ(Eval("${~x}", {{"x", Value::BigInt("1099511627776")}}), "-1099511627777");
  EXPECT_EQ(Eval("${true & false} ${true ^ true} ${1 & 3 ^ 2 | 4}"), "false false 7");
  ExpectMismatch("${5.0 & 1}");
  ExpectMismatch("${true | 1}");
  ExpectMismatch("${~1.5}");
}

TEST(GroovyOperatorsTest, ShiftsKeepTheLeftOperandsType) {
  Bindings x = {{"x", Value::Int(-6)}, {"y", Value::Long(40)}};
  EXPECT_EQ(Eval("${x << 2} ${x >> 1} ${x >>> 2}", x), "-24 -3 1073741822");
  EXPECT_EQ(Eval("${x << y} ${x >>> y}", x), "-1536 16777215");  // an Integer shifts by intValue() & 31
  EXPECT_EQ(Eval("${y << 30}", x), "42949672960");
  EXPECT_EQ(Eval("${1 << 2 + 1}"), "8");
  ExpectMismatch("${x << 1.0}", x);
  ExpectMismatch("${x << 1}", {{"x", Value::BigInt("5")}});
}

TEST(GroovyOperatorsTest, MathOverloadsAsGroovyResolvesThem) {
  EXPECT_EQ(Eval("${Math.abs(x / 1)}", {{"x", Value::Int(3)}}), "3.0");  // Math.abs(double) for a BigDecimal
  EXPECT_EQ(Eval("${Math.abs(x)}", {{"x", Value::BigInt("-1099511627776")}}), "0");  // abs(int) of intValue()
  EXPECT_EQ(Eval("${Math.floorMod(x, 3)} ${Math.floorDiv(x, 3)}", {{"x", Value::Long(-7)}}), "2 -3");
  EXPECT_EQ(Eval("${Math.max(x, 2)}", {{"x", Value::BigInt("7")}}), "7");
  EXPECT_EQ(Eval("${Math.max(x, 2.0)}", {{"x", Value::BigInt("7")}}), "7.0");
  ExpectMismatch("${Math.max(1.5, 2)}");
  ExpectMismatch("${Math.min(x, 1L)}", {{"x", Value::BigInt("7")}});
  ExpectMismatch("${Math.floorMod(x, 2L)}", {{"x", Value::BigInt("7")}});
}

TEST(GroovyOperatorsTest, GStringsRangesAndStrings) {
  EXPECT_EQ(Eval("${\"${1}\".hashCode()} ${(\"${1}\" + 'a').hashCode()} ${(\"${1}\" + 1).hashCode()}"), "86 1653 1568");
  EXPECT_EQ(Eval("${\"${1}\".equals('1')} ${\"${1}\" == '1'}"), "false true");
  EXPECT_EQ(Eval("${[0..<3, 3..1, 'c'..<'a']} ${0..2}"), "[0..<3, 3..1, c..b] [0, 1, 2]");
  EXPECT_EQ(Eval("${x - 1} ${x - 'b'}", {{"x", Value::String("a1b1")}}), "ab1 a11");  // String.minus
  EXPECT_EQ(Eval("${x.toUpperCase()} ${'straße'.toUpperCase()} ${x.charAt(0).toUpperCase()}", {{"x", Value::String("éa")}}),
            "ÉA STRASSE É");  // Java's case mapping, Character.toUpperCase()
  ExpectMismatch("${'ab'.charAt(0) + 'c'}");
  ExpectMismatch("${'ab'.charAt(0) < 'cd'}");
}

}  // namespace
}  // namespace sqlroute::expr
