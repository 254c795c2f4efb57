#pragma once
// The interpreter's runtime value: the Java objects a Groovy closure would see
// (Integer, Long, BigInteger, BigDecimal, Double, Character, String, Boolean, List, null).
#include <cstdint>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "expr/big_decimal.h"
#include "sqlroute/value.h"

namespace sqlroute::expr {

enum class JKind : uint8_t { Null, Bool, Int, Long, BigInt, Decimal, Double, Char, String, List };

struct JValue {
  JKind kind = JKind::Null;
  int64_t integer = 0;  // Bool, Int, Long, Char (UTF-16 unit)
  double real = 0;      // Double
  BigDecimal number;    // BigInt (scale 0), Decimal
  std::string text;     // String (UTF-8)
  std::shared_ptr<const std::vector<JValue>> list;
  // A range's own toString ("0..<3", "a..c"): how it prints as an element of a list.
  std::shared_ptr<const std::string> range_text;
  // A String that is a Groovy GString: its hashCode() is 37 + the String's, and equals()
  // tells it from a String.
  bool gstring = false;

  static JValue Null() { return {}; }
  static JValue Bool(bool v) { return Scalar(JKind::Bool, v); }
  static JValue Int(int32_t v) { return Scalar(JKind::Int, v); }
  static JValue Long(int64_t v) { return Scalar(JKind::Long, v); }
  static JValue Char(char16_t v) { return Scalar(JKind::Char, v); }
  static JValue Big(BigInteger v);
  static JValue Dec(BigDecimal v);
  static JValue Double(double v);
  static JValue String(std::string v);
  static JValue List(std::vector<JValue> items);
  // Smallest of Integer/Long/BigInteger holding `v`, as Groovy types integer literals.
  static JValue IntegerOf(const BigInteger& v);
  static JValue From(const Value& value);

  bool is_null() const { return kind == JKind::Null; }
  bool is_number() const {
    return kind == JKind::Int || kind == JKind::Long || kind == JKind::BigInt || kind == JKind::Decimal ||
           kind == JKind::Double;
  }
  bool is_text() const { return kind == JKind::String || kind == JKind::Char; }

 private:
  static JValue Scalar(JKind kind, int64_t v) {
    JValue r;
    r.kind = kind;
    r.integer = v;
    return r;
  }
};

// Java class name for messages: java.lang.Integer, java.math.BigDecimal, null...
std::string_view JavaClassName(const JValue& value);
// Groovy's toString(), appended to `out`.
void AppendText(const JValue& value, std::string* out);
// The text of a list element: a range prints as its own toString there, not as its items.
std::string ElementText(const JValue& value);
std::string ToText(const JValue& value);
// Groovy truth: null/false/0/empty are false.
bool IsTruthy(const JValue& value);
int32_t JavaHashCode(const JValue& value);
// Any integral or decimal number as BigInteger/BigDecimal (Double excluded).
BigInteger AsBigInteger(const JValue& value);
BigDecimal AsBigDecimal(const JValue& value);
double AsDouble(const JValue& value);

}  // namespace sqlroute::expr
