#include <gtest/gtest.h>

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
