// BigInteger / BigDecimal / Java text helpers behind the interpreter.
#include <gtest/gtest.h>

#include "expr/big_decimal.h"
#include "expr/big_integer.h"
#include "expr/java_text.h"

namespace sqlroute::expr {
namespace {

BigInteger Big(const char* text) { return *BigInteger::Parse(text); }
BigDecimal Dec(const char* text) { return *BigDecimal::Parse(text); }

TEST(ExprBigNumberTest, BigIntegerParseAndPrint) {
  EXPECT_EQ(Big("0").ToString(), "0");
  EXPECT_EQ(Big("-0").ToString(), "0");
  EXPECT_EQ(Big("+42").ToString(), "42");
  EXPECT_EQ(Big("-000123456789012345678901234567890").ToString(), "-123456789012345678901234567890");
  EXPECT_FALSE(BigInteger::Parse("12a").has_value());
  EXPECT_FALSE(BigInteger::Parse("-").has_value());
  EXPECT_EQ(BigInteger::FromInt64(INT64_MIN).ToString(), "-9223372036854775808");
}

TEST(ExprBigNumberTest, BigIntegerArithmetic) {
  EXPECT_EQ((Big("99999999999999999999") + Big("1")).ToString(), "100000000000000000000");
  EXPECT_EQ((Big("1") - Big("100000000000000000000")).ToString(), "-99999999999999999999");
  EXPECT_EQ((Big("-123456789123456789") * Big("987654321987654321")).ToString(),
            "-121932631356500531347203169112635269");
  BigInteger q, r;
  BigInteger::DivMod(Big("-100000000000000000007"), Big("10"), &q, &r);
  EXPECT_EQ(q.ToString(), "-10000000000000000000");
  EXPECT_EQ(r.ToString(), "-7");
  EXPECT_LT(Compare(Big("-5"), Big("3")), 0);
  EXPECT_GT(Compare(Big("100000000000000000000"), Big("99999999999999999999")), 0);
}

TEST(ExprBigNumberTest, BigIntegerJavaConversions) {
  EXPECT_TRUE(Big("-9223372036854775808").FitsInt64());
  EXPECT_FALSE(Big("9223372036854775808").FitsInt64());
  EXPECT_EQ(Big("18446744073709551617").LongValue(), 1);  // low 64 bits
  EXPECT_EQ(Big("-1").LongValue(), -1);
  EXPECT_EQ(Big("-18446744073709551617").LongValue(), -1);
  EXPECT_EQ(Big("12345").DecimalDigits(), 5);
}

TEST(ExprBigNumberTest, BigDecimalJavaToString) {
  EXPECT_EQ(Dec("2.50").ToString(), "2.50");
  EXPECT_EQ(Dec("-0.001").ToString(), "-0.001");
  EXPECT_EQ(Dec("0.000001").ToString(), "0.000001");
  EXPECT_EQ(Dec("0.0000001").ToString(), "1E-7");
  EXPECT_EQ(Dec("1E+3").ToString(), "1E+3");
  EXPECT_EQ(Dec("12.5E+3").ToString(), "1.25E+4");
  EXPECT_EQ(Dec("1.5e-2").ToString(), "0.015");
  EXPECT_FALSE(BigDecimal::Parse("1.2.3").has_value());
}

TEST(ExprBigNumberTest, BigDecimalScaleAndRounding) {
  EXPECT_EQ(Add(Dec("1.5"), Dec("2.25")).ToString(), "3.75");
  EXPECT_EQ(Multiply(Dec("1.50"), Dec("2")).ToString(), "3.00");
  EXPECT_EQ(Dec("2.345").WithScale(2).ToString(), "2.35");
  EXPECT_EQ(Dec("-2.345").WithScale(2).ToString(), "-2.35");
  EXPECT_EQ(Dec("2.344").WithScale(2).ToString(), "2.34");
  EXPECT_EQ(Compare(Dec("1.0"), Dec("1.00")), 0);
  EXPECT_EQ(Dec("-7.9").ToBigInteger().ToString(), "-7");
}

TEST(ExprBigNumberTest, GroovyDivision) {
  EXPECT_EQ(GroovyDivide(Dec("1"), Dec("7")).ToString(), "0.1428571429");
  EXPECT_EQ(GroovyDivide(Dec("10"), Dec("3")).ToString(), "3.3333333333");
  EXPECT_EQ(GroovyDivide(Dec("0"), Dec("5")).ToString(), "0");
  EXPECT_EQ(GroovyDivide(Dec("1"), Dec("8")).ToString(), "0.125");
  EXPECT_EQ(GroovyDivide(Dec("6"), Dec("0.2")).ToString(), "3E+1");
  EXPECT_EQ(GroovyDivide(Dec("1.000000000000"), Dec("3")).ToString(), "0.333333333333");
  EXPECT_EQ(GroovyDivide(Dec("-2"), Dec("3")).ToString(), "-0.6666666667");
}

TEST(ExprBigNumberTest, JavaDoubleText) {
  EXPECT_EQ(JavaDoubleToString(1.0), "1.0");
  EXPECT_EQ(JavaDoubleToString(-0.0), "-0.0");
  EXPECT_EQ(JavaDoubleToString(123.456), "123.456");
  EXPECT_EQ(JavaDoubleToString(9999999.0), "9999999.0");
  EXPECT_EQ(JavaDoubleToString(1e7), "1.0E7");
  EXPECT_EQ(JavaDoubleToString(1.5e-5), "1.5E-5");
  EXPECT_EQ(JavaDoubleToString(0.001), "0.001");
  EXPECT_EQ(JavaDoubleToString(1.0 / 0.0), "Infinity");
}

TEST(ExprBigNumberTest, Utf16Conversion) {
  EXPECT_EQ(ToUtf16("a中😀"), (std::u16string{u'a', u'\u4e2d', char16_t(0xD83D), char16_t(0xDE00)}));
  EXPECT_EQ(ToUtf8(ToUtf16("a中😀")), "a中😀");
  EXPECT_EQ(ToUtf16("\xff"), std::u16string(1, char16_t(0xFFFD)));
  EXPECT_EQ(CharacterPosition("中a", 3), 2u);
}

}  // namespace
}  // namespace sqlroute::expr
