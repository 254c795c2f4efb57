#include "sqlroute/value.h"

#include <cerrno>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <limits>

namespace sqlroute {
namespace {


// Java's Double.toString for the common cases: integral values keep ".0".
std::string JavaDouble(double v) {
  if (std::isnan(v)) return "NaN";
  if (std::isinf(v)) return v > 0 ? "Infinity" : "-Infinity";
  if (v == std::floor(v) && std::fabs(v) < 1e7) {
    char buf[64];
    std::snprintf(buf, sizeof buf, "%.1f", v);
    return buf;
  }
  char buf[64];
  for (int precision = 1; precision <= 17; ++precision) {
    std::snprintf(buf, sizeof buf, "%.*g", precision, v);
    if (std::strtod(buf, nullptr) == v) break;
  }
  return buf;
}

std::string QuoteSql(const std::string& text) {
  std::string result = "'";
  for (char c : text) {
    if (c == '\'') result += "''";
    else if (c == '\\') result += "\\\\";
    else result += c;
  }
  return result + "'";
}

}  // namespace

Value Value::Bool(bool v) { Value r; r.kind_ = Kind::Bool; r.int_ = v; return r; }
Value Value::Int(int32_t v) { Value r; r.kind_ = Kind::Int; r.int_ = v; return r; }
Value Value::Long(int64_t v) { Value r; r.kind_ = Kind::Long; r.int_ = v; return r; }
Value Value::BigInt(std::string digits) { Value r; r.kind_ = Kind::BigInt; r.text_ = std::move(digits); return r; }
Value Value::Decimal(std::string text) { Value r; r.kind_ = Kind::Decimal; r.text_ = std::move(text); return r; }
Value Value::Double(double v) { Value r; r.kind_ = Kind::Double; r.double_ = v; return r; }
Value Value::String(std::string v) { Value r; r.kind_ = Kind::String; r.text_ = std::move(v); return r; }
Value Value::Bytes(std::string v) { Value r; r.kind_ = Kind::Bytes; r.text_ = std::move(v); return r; }
Value Value::Date(std::string t) { Value r; r.kind_ = Kind::Date; r.text_ = std::move(t); return r; }
Value Value::Time(std::string t) { Value r; r.kind_ = Kind::Time; r.text_ = std::move(t); return r; }
Value Value::DateTime(std::string t) { Value r; r.kind_ = Kind::DateTime; r.text_ = std::move(t); return r; }

Value Value::Integer(std::string_view digits) {
  // [-]d{1,18} always fits in int64: read it without a copy; anything else goes through strtoll.
  std::size_t start = !digits.empty() && digits[0] == '-' ? 1 : 0;
  std::size_t count = digits.size() - start;
  bool plain = count > 0 && count <= 18;
  int64_t magnitude = 0;
  for (std::size_t i = start; plain && i < digits.size(); ++i) {
    plain = digits[i] >= '0' && digits[i] <= '9';
    magnitude = magnitude * 10 + (digits[i] - '0');
  }
  if (plain) {
    int64_t parsed = start ? -magnitude : magnitude;
    if (parsed >= std::numeric_limits<int32_t>::min() && parsed <= std::numeric_limits<int32_t>::max()) {
      return Int(static_cast<int32_t>(parsed));
    }
    return Long(parsed);
  }
  std::string text(digits);
  errno = 0;
  char* end = nullptr;
  long long parsed = std::strtoll(text.c_str(), &end, 10);
  if (errno == ERANGE || end != text.c_str() + text.size()) return BigInt(std::move(text));
  if (parsed >= std::numeric_limits<int32_t>::min() && parsed <= std::numeric_limits<int32_t>::max()) {
    return Int(static_cast<int32_t>(parsed));
  }
  return Long(parsed);
}

bool Value::is_numeric() const {
  return kind_ == Kind::Int || kind_ == Kind::Long || kind_ == Kind::BigInt ||
         kind_ == Kind::Decimal || kind_ == Kind::Double;
}

bool Value::is_temporal() const {
  return kind_ == Kind::Date || kind_ == Kind::Time || kind_ == Kind::DateTime;
}

std::string Value::ToJavaString() const {
  switch (kind_) {
    case Kind::Null: return "null";
    case Kind::Bool: return int_ ? "true" : "false";
    case Kind::Int:
    case Kind::Long: return std::to_string(int_);
    case Kind::Double: return JavaDouble(double_);
    default: return text_;
  }
}

std::string Value::ToSqlLiteral() const {
  switch (kind_) {
    case Kind::Null: return "NULL";
    case Kind::Bool: return int_ ? "TRUE" : "FALSE";
    case Kind::Int:
    case Kind::Long:
    case Kind::BigInt:
    case Kind::Decimal:
    case Kind::Double: return ToJavaString();
    case Kind::Bytes: {
      static const char* kHex = "0123456789abcdef";
      std::string result = "X'";
      for (unsigned char c : text_) { result += kHex[c >> 4]; result += kHex[c & 15]; }
      return result + "'";
    }
    default: return QuoteSql(text_);
  }
}

std::string Value::ToDisplay() const {
  switch (kind_) {
    case Kind::Null: return "NULL";
    case Kind::String: return QuoteSql(text_);
    case Kind::Int: return ToJavaString();
    default: return std::string(KindName(kind_)) + ":" + ToSqlLiteral();
  }
}

std::string_view Value::KindName(Kind kind) {
  switch (kind) {
    case Kind::Null: return "null";
    case Kind::Bool: return "bool";
    case Kind::Int: return "int";
    case Kind::Long: return "long";
    case Kind::BigInt: return "bigint";
    case Kind::Decimal: return "decimal";
    case Kind::Double: return "double";
    case Kind::String: return "string";
    case Kind::Bytes: return "bytes";
    case Kind::Date: return "date";
    case Kind::Time: return "time";
    case Kind::DateTime: return "datetime";
  }
  return "null";
}

bool operator==(const Value& a, const Value& b) {
  return a.kind_ == b.kind_ && a.int_ == b.int_ &&
         (a.double_ == b.double_ || (std::isnan(a.double_) && std::isnan(b.double_))) && a.text_ == b.text_;
}

}  // namespace sqlroute
