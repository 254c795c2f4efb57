#include <gtest/gtest.h>

#include <cerrno>
#include <cstdint>
#include <cstdlib>
#include <random>
#include <string>
#include <vector>

#include "sqlroute/value.h"

namespace sqlroute {
namespace {

TEST(ValueTest, IntegerLiteralsTakeJavaTypes) {
  EXPECT_EQ(Value::Integer("7").kind(), Value::Kind::Int);
  EXPECT_EQ(Value::Integer("-2147483648").kind(), Value::Kind::Int);
  EXPECT_EQ(Value::Integer("2147483648").kind(), Value::Kind::Long);
  EXPECT_EQ(Value::Integer("9223372036854775808").kind(), Value::Kind::BigInt);
  EXPECT_EQ(Value::Integer("9223372036854775808").text(), "9223372036854775808");
}

TEST(ValueTest, JavaStringForms) {
  EXPECT_EQ(Value::Int(1000).ToJavaString(), "1000");
  EXPECT_EQ(Value::Double(1.0).ToJavaString(), "1.0");
  EXPECT_EQ(Value::Double(0.1).ToJavaString(), "0.1");
  EXPECT_EQ(Value::Null().ToJavaString(), "null");
  EXPECT_EQ(Value::Bool(true).ToJavaString(), "true");
}

TEST(ValueTest, SqlLiterals) {
  EXPECT_EQ(Value::String("it's").ToSqlLiteral(), "'it''s'");
  EXPECT_EQ(Value::Null().ToSqlLiteral(), "NULL");
  EXPECT_EQ(Value::Bytes(std::string("\x00\xff", 2)).ToSqlLiteral(), "X'00ff'");
  EXPECT_EQ(Value::Long(5).ToSqlLiteral(), "5");
}

TEST(ValueTest, EqualityIsByKindAndContent) {
  EXPECT_EQ(Value::Int(1), Value::Int(1));
  EXPECT_NE(Value::Int(1), Value::Long(1));
  EXPECT_NE(Value::String("a"), Value::String("b"));
}

}  // namespace
}  // namespace sqlroute

namespace sqlroute {
namespace {

// Value::Integer's reference: strtoll over the whole text, BigInt when it overflows or stops early.
Value IntegerByStrtoll(const std::string& text) {
  errno = 0;
  char* end = nullptr;
  long long parsed = std::strtoll(text.c_str(), &end, 10);
  if (errno == ERANGE || end != text.c_str() + text.size()) return Value::BigInt(text);
  if (parsed >= INT32_MIN && parsed <= INT32_MAX) return Value::Int(static_cast<int32_t>(parsed));
  return Value::Long(parsed);
}

TEST(ValueTest, IntegerAgreesWithStrtollOverRandomDigitRuns) {
  std::mt19937_64 random(5);
  std::vector<std::string> texts = {"0", "-0", "007", "-007", "+7", "2147483647", "-2147483648", "2147483648",
                                    "-2147483649", "999999999999999999", "-999999999999999999",
                                    "1000000000000000000", "9223372036854775807", "-9223372036854775808",
                                    "9223372036854775808", "-9223372036854775809", "00000000000000000001", "-", ""};
  for (int i = 0; i < 5000; ++i) {
    std::string text = random() % 3 == 0 ? "-" : "";
    std::size_t digits = 1 + random() % 22;
    for (std::size_t d = 0; d < digits; ++d) text += static_cast<char>('0' + random() % 10);
    texts.push_back(text);
  }
  for (const auto& text : texts) {
    Value expected = IntegerByStrtoll(text);
    Value actual = Value::Integer(text);
    EXPECT_EQ(actual.kind(), expected.kind()) << text;
    EXPECT_EQ(actual, expected) << text;
  }
}

}  // namespace
}  // namespace sqlroute
