#include "expr/jvalue.h"

#include "expr/java_text.h"

namespace sqlroute::expr {

JValue JValue::Big(BigInteger v) {
  JValue r;
  r.kind = JKind::BigInt;
  r.number = BigDecimal::FromInteger(std::move(v));
  return r;
}

JValue JValue::Dec(BigDecimal v) {
  JValue r;
  r.kind = JKind::Decimal;
  r.number = std::move(v);
  return r;
}

JValue JValue::Double(double v) {
  JValue r;
  r.kind = JKind::Double;
  r.real = v;
  return r;
}

JValue JValue::String(std::string v) {
  JValue r;
  r.kind = JKind::String;
  r.text = std::move(v);
  return r;
}

JValue JValue::List(std::vector<JValue> items) {
  JValue r;
  r.kind = JKind::List;
  r.list = std::make_shared<const std::vector<JValue>>(std::move(items));
  return r;
}

JValue JValue::IntegerOf(const BigInteger& v) {
  if (!v.FitsInt64()) return Big(v);
  int64_t n = v.LongValue();
  return n >= INT32_MIN && n <= INT32_MAX ? Int(static_cast<int32_t>(n)) : Long(n);
}

JValue JValue::From(const Value& value) {
  switch (value.kind()) {
    case Value::Kind::Null: return Null();
    case Value::Kind::Bool: return Bool(value.int_value() != 0);
    case Value::Kind::Int: return Int(static_cast<int32_t>(value.int_value()));
    case Value::Kind::Long: return Long(value.int_value());
    case Value::Kind::Double: return Double(value.double_value());
    case Value::Kind::BigInt:
      if (auto big = BigInteger::Parse(value.text())) return Big(*big);
      return String(value.text());
    case Value::Kind::Decimal:
      if (auto decimal = BigDecimal::Parse(value.text())) return Dec(*decimal);
      return String(value.text());
    default: return String(value.text());  // String, Bytes and temporal text
  }
}

std::string_view JavaClassName(const JValue& value) {
  switch (value.kind) {
    case JKind::Null: return "null";
    case JKind::Bool: return "java.lang.Boolean";
    case JKind::Int: return "java.lang.Integer";
    case JKind::Long: return "java.lang.Long";
    case JKind::BigInt: return "java.math.BigInteger";
    case JKind::Decimal: return "java.math.BigDecimal";
    case JKind::Double: return "java.lang.Double";
    case JKind::Char: return "java.lang.Character";
    case JKind::String: return "java.lang.String";
    case JKind::List: return "java.util.ArrayList";
  }
  return "null";
}

void AppendText(const JValue& value, std::string* out) {
  switch (value.kind) {
    case JKind::Null: *out += "null"; return;
    case JKind::Bool: *out += value.integer ? "true" : "false"; return;
    case JKind::Int:
    case JKind::Long: *out += std::to_string(value.integer); return;
    case JKind::BigInt: *out += value.number.unscaled.ToString(); return;
    case JKind::Decimal: *out += value.number.ToString(); return;
    case JKind::Double: *out += JavaDoubleToString(value.real); return;
    case JKind::Char: *out += CharToUtf8(static_cast<char16_t>(value.integer)); return;
    case JKind::String: *out += value.text; return;
    case JKind::List:
      *out += '[';
      for (size_t i = 0; i < value.list->size(); ++i) {
        if (i > 0) *out += ", ";
        const JValue& item = (*value.list)[i];
        if (item.range_text) {
          *out += *item.range_text;
        } else {
          AppendText(item, out);
        }
      }
      *out += ']';
      return;
  }
}

std::string ElementText(const JValue& value) { return value.range_text ? *value.range_text : ToText(value); }

std::string ToText(const JValue& value) {
  if (value.kind == JKind::String) return value.text;
  std::string out;
  AppendText(value, &out);
  return out;
}

bool IsTruthy(const JValue& value) {
  switch (value.kind) {
    case JKind::Null: return false;
    case JKind::Bool:
    case JKind::Int:
    case JKind::Long:
    case JKind::Char: return value.integer != 0;
    case JKind::BigInt:
    case JKind::Decimal: return !value.number.unscaled.is_zero();
    case JKind::Double: return value.real != 0;
    case JKind::String: return !value.text.empty();
    case JKind::List: return !value.list->empty();
  }
  return false;
}

int32_t JavaHashCode(const JValue& value) {
  switch (value.kind) {
    case JKind::Null: return 0;
    case JKind::Bool: return value.integer ? 1231 : 1237;
    case JKind::Int:
    case JKind::Char: return static_cast<int32_t>(value.integer);
    case JKind::Long: {
      uint64_t bits = static_cast<uint64_t>(value.integer);
      return static_cast<int32_t>(bits ^ (bits >> 32));
    }
    case JKind::BigInt: return value.number.unscaled.HashCode();
    case JKind::Decimal: return value.number.HashCode();
    case JKind::Double: return JavaDoubleHashCode(value.real);
    case JKind::String: return static_cast<int32_t>((value.gstring ? 37u : 0u) + static_cast<uint32_t>(JavaStringHashCode(value.text)));
    case JKind::List: {
      uint32_t hash = 1;
      for (const JValue& item : *value.list) hash = 31 * hash + static_cast<uint32_t>(JavaHashCode(item));
      return static_cast<int32_t>(hash);
    }
  }
  return 0;
}

BigInteger AsBigInteger(const JValue& value) {
  switch (value.kind) {
    case JKind::BigInt: return value.number.unscaled;
    case JKind::Decimal: return value.number.ToBigInteger();
    default: return BigInteger::FromInt64(value.integer);
  }
}

BigDecimal AsBigDecimal(const JValue& value) {
  if (value.kind == JKind::BigInt || value.kind == JKind::Decimal) return value.number;
  return BigDecimal::FromInteger(BigInteger::FromInt64(value.integer));
}

double AsDouble(const JValue& value) {
  switch (value.kind) {
    case JKind::Double: return value.real;
    case JKind::BigInt:
    case JKind::Decimal: return value.number.DoubleValue();
    default: return static_cast<double>(value.integer);
  }
}

}  // namespace sqlroute::expr
