#pragma once
// A typed SQL value: a literal from the statement, a bound parameter, a hint value or
// an algorithm result. Kinds follow the Java types ShardingSphere would see, because
// algorithms such as HASH_MOD depend on them (Integer vs Long vs BigInteger).
#include <cstdint>
#include <string>
#include <string_view>

namespace sqlroute {

class Value {
 public:
  enum class Kind {
    Null,
    Bool,
    Int,       // java.lang.Integer: 32-bit
    Long,      // java.lang.Long: 64-bit
    BigInt,    // java.math.BigInteger: decimal digits with optional '-'
    Decimal,   // java.math.BigDecimal: canonical decimal text
    Double,    // java.lang.Double
    String,    // java.lang.String (UTF-8 here)
    Bytes,     // byte[]
    Date,      // 'yyyy-MM-dd'
    Time,      // 'HH:mm:ss[.ffffff]'
    DateTime,  // 'yyyy-MM-dd HH:mm:ss[.ffffff]'
  };

  Value() = default;
  // Numbers carry no text: copying one makes no call to copy an empty string.
  Value(const Value& other) : kind_(other.kind_), int_(other.int_), double_(other.double_) {
    if (!other.text_.empty()) text_ = other.text_;
  }
  Value(Value&&) noexcept = default;
  Value& operator=(const Value&) = default;
  Value& operator=(Value&&) noexcept = default;
  static Value Null() { return Value(); }
  static Value Bool(bool v);
  static Value Int(int32_t v);
  static Value Long(int64_t v);
  // Smallest of Int/Long/BigInt that holds the integer written in `digits`, as
  // ShardingSphere types SQL number literals.
  static Value Integer(std::string_view digits);
  static Value BigInt(std::string digits);
  static Value Decimal(std::string text);
  static Value Double(double v);
  static Value String(std::string v);
  static Value Bytes(std::string v);
  static Value Date(std::string text);
  static Value Time(std::string text);
  static Value DateTime(std::string text);

  Kind kind() const { return kind_; }
  bool is_null() const { return kind_ == Kind::Null; }
  bool is_integral() const { return kind_ == Kind::Int || kind_ == Kind::Long; }
  bool is_numeric() const;
  bool is_temporal() const;
  int64_t int_value() const { return int_; }  // Bool, Int, Long
  double double_value() const { return double_; }
  const std::string& text() const { return text_; }  // BigInt, Decimal, String, Bytes, temporal

  // Java's String.valueOf(value): "null", "true", "1000", "1.5", the string itself...
  std::string ToJavaString() const;
  // A SQL literal that MySQL reads back as this value: 7, 'it''s', NULL, X'00ff'.
  std::string ToSqlLiteral() const;
  // Short form for explain output and reprs: 7, 'abc', NULL, long:7.
  std::string ToDisplay() const;
  static std::string_view KindName(Kind kind);

  friend bool operator==(const Value& a, const Value& b);
  friend bool operator!=(const Value& a, const Value& b) { return !(a == b); }

 private:
  Kind kind_ = Kind::Null;
  int64_t int_ = 0;
  double double_ = 0;
  std::string text_;
};

}  // namespace sqlroute
