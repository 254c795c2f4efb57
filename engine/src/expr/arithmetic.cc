#include "expr/arithmetic.h"

#include <cmath>

#include "expr/inline_errors.h"
#include "expr/java_text.h"
#include "sqlroute/error_text.h"

namespace sqlroute::expr {
namespace {

enum class Rank { Int, Long, BigInt, Decimal, Double, None };

Rank RankOf(const JValue& v) {
  switch (v.kind) {
    case JKind::Int:
    case JKind::Char: return Rank::Int;
    case JKind::Long: return Rank::Long;
    case JKind::BigInt: return Rank::BigInt;
    case JKind::Decimal: return Rank::Decimal;
    case JKind::Double: return Rank::Double;
    default: return Rank::None;
  }
}

// Java int/long arithmetic: wraps on overflow (computed unsigned to avoid UB).
template <typename T>
T Wrap(BinaryOp op, T a, T b) {
  using U = std::make_unsigned_t<T>;
  switch (op) {
    case BinaryOp::Add: return static_cast<T>(static_cast<U>(a) + static_cast<U>(b));
    case BinaryOp::Subtract: return static_cast<T>(static_cast<U>(a) - static_cast<U>(b));
    case BinaryOp::Multiply: return static_cast<T>(static_cast<U>(a) * static_cast<U>(b));
    default: break;
  }
  if (b == 0) throw Error(Message<msg::IntegerDivisionByZero>());
  if (b == -1) return op == BinaryOp::Remainder ? 0 : static_cast<T>(0 - static_cast<U>(a));
  return op == BinaryOp::Remainder ? a % b : a / b;
}

JValue BigIntegerOp(BinaryOp op, const BigInteger& a, const BigInteger& b) {
  switch (op) {
    case BinaryOp::Add: return JValue::Big(a + b);
    case BinaryOp::Subtract: return JValue::Big(a - b);
    case BinaryOp::Multiply: return JValue::Big(a * b);
    default: break;
  }
  BigInteger quotient, remainder;
  if (op == BinaryOp::Remainder) {  // Groovy 4 maps `%` to BigInteger.mod: never negative
    if (b.sign() <= 0) throw Error(Message<msg::ModulusNotPositive>());
    BigInteger::DivMod(a, b, nullptr, &remainder);
    return JValue::Big(remainder.sign() < 0 ? remainder + b : remainder);
  }
  if (b.is_zero()) throw Error(Message<msg::BigIntegerDivisionByZero>());
  BigInteger::DivMod(a, b, &quotient, nullptr);
  return JValue::Big(quotient);
}

JValue DecimalOp(BinaryOp op, const JValue& left, const JValue& right) {
  BigDecimal a = AsBigDecimal(left), b = AsBigDecimal(right);
  switch (op) {
    case BinaryOp::Add: return JValue::Dec(Add(a, b));
    case BinaryOp::Subtract: return JValue::Dec(Subtract(a, b));
    case BinaryOp::Multiply: return JValue::Dec(Multiply(a, b));
    case BinaryOp::Divide:
      if (b.unscaled.is_zero())
        throw Error(a.unscaled.is_zero() ? Message<msg::DivisionUndefined>() : Message<msg::DivisionByZero>());
      return JValue::Dec(GroovyDivide(a, b));
    case BinaryOp::Remainder: ThrowUnsupported("mod", RankOf(left) == Rank::Decimal ? left : right);
    default: ThrowUnsupported("intdiv", RankOf(left) == Rank::Decimal ? left : right);
  }
}

JValue DoubleOp(BinaryOp op, double a, double b, const JValue& left) {
  switch (op) {
    case BinaryOp::Add: return JValue::Double(a + b);
    case BinaryOp::Subtract: return JValue::Double(a - b);
    case BinaryOp::Multiply: return JValue::Double(a * b);
    case BinaryOp::Divide: return JValue::Double(a / b);
    case BinaryOp::Remainder: return JValue::Double(std::fmod(a, b));
    default: ThrowUnsupported("intdiv", left);
  }
}

JValue Arithmetic(BinaryOp op, const JValue& left, const JValue& right) {
  Rank lr = RankOf(left), rr = RankOf(right);
  if (lr == Rank::None || rr == Rank::None) ThrowOperatorMismatch(op, left, right);
  Rank rank = std::max(lr, rr);
  if (op == BinaryOp::Divide && rank < Rank::Decimal) rank = Rank::Decimal;
  switch (rank) {
    case Rank::Int:
      return JValue::Int(Wrap<int32_t>(op, static_cast<int32_t>(left.integer), static_cast<int32_t>(right.integer)));
    case Rank::Long: return JValue::Long(Wrap<int64_t>(op, left.integer, right.integer));
    case Rank::BigInt: return BigIntegerOp(op, AsBigInteger(left), AsBigInteger(right));
    case Rank::Decimal: return DecimalOp(op, left, right);
    default: return DoubleOp(op, AsDouble(left), AsDouble(right), left);
  }
}

// String.plus(Object), Number.plus(String) and null.plus(String); a Character has no plus(String).
bool IsConcatenation(const JValue& left, const JValue& right) {
  if (left.kind == JKind::String) return true;
  return right.kind == JKind::String && (left.is_number() || left.is_null());
}

}  // namespace

[[noreturn]] void ThrowOperatorMismatch(BinaryOp op, const JValue& left, const JValue& right) {
  throw Error(Message<msg::OperatorNotApplicable>(arg::op = OperatorSymbol(op), arg::left = JavaClassName(left),
                                                  arg::right = JavaClassName(right)));
}

[[noreturn]] void ThrowUnsupported(const char* method, const JValue& value) {
  throw Error(Message<msg::NumberMethodUnsupported>(arg::method = method, arg::type = JavaClassName(value),
                                                    arg::value = ToText(value)));
}

int64_t JavaCast(double value, int64_t min, int64_t max) {
  if (std::isnan(value)) return 0;
  if (value <= static_cast<double>(min)) return min;
  if (value >= static_cast<double>(max)) return max;
  return static_cast<int64_t>(value);
}

const char* OperatorSymbol(BinaryOp op) {
  switch (op) {
    case BinaryOp::Add: return "+";
    case BinaryOp::Subtract: return "-";
    case BinaryOp::Multiply: return "*";
    case BinaryOp::Divide: return "/";
    case BinaryOp::Remainder: return "%";
    case BinaryOp::IntDiv: return "intdiv";
    case BinaryOp::Power: return "**";
    case BinaryOp::BitAnd: return "&";
    case BinaryOp::BitOr: return "|";
    case BinaryOp::BitXor: return "^";
    case BinaryOp::ShiftLeft: return "<<";
    case BinaryOp::ShiftRight: return ">>";
    case BinaryOp::ShiftRightUnsigned: return ">>>";
    case BinaryOp::Equal: return "==";
    case BinaryOp::NotEqual: return "!=";
    case BinaryOp::Less: return "<";
    case BinaryOp::LessEqual: return "<=";
    case BinaryOp::Greater: return ">";
    case BinaryOp::GreaterEqual: return ">=";
  }
  return "?";
}

JValue ApplyBinary(BinaryOp op, const JValue& left, const JValue& right) {
  switch (op) {
    case BinaryOp::Add:
      if (IsConcatenation(left, right)) {
        std::string text = ToText(left);
        AppendText(right, &text);
        JValue sum = JValue::String(std::move(text));
        sum.gstring = left.gstring && right.kind == JKind::String;  // GString.plus(String) is a GString
        return sum;
      }
      return Arithmetic(op, left, right);
    case BinaryOp::Subtract:
      if (left.kind == JKind::String) {  // String.minus(Object): drops the first occurrence of its text
        std::string text = left.text, target = ToText(right);
        size_t found = text.find(target);
        if (found != std::string::npos) text.erase(found, target.size());
        return JValue::String(std::move(text));
      }
      return Arithmetic(op, left, right);
    case BinaryOp::Equal: return JValue::Bool(GroovyEquals(left, right));
    case BinaryOp::NotEqual: return JValue::Bool(!GroovyEquals(left, right));
    case BinaryOp::Less: return JValue::Bool(GroovyCompare(left, right) < 0);
    case BinaryOp::LessEqual: return JValue::Bool(GroovyCompare(left, right) <= 0);
    case BinaryOp::Greater: return JValue::Bool(GroovyCompare(left, right) > 0);
    case BinaryOp::GreaterEqual: return JValue::Bool(GroovyCompare(left, right) >= 0);
    case BinaryOp::Power: return Power(left, right);
    case BinaryOp::BitAnd:
    case BinaryOp::BitOr:
    case BinaryOp::BitXor: return Bitwise(op, left, right);
    case BinaryOp::ShiftLeft:
    case BinaryOp::ShiftRight:
    case BinaryOp::ShiftRightUnsigned: return Shift(op, left, right);
    default: return Arithmetic(op, left, right);
  }
}

JValue Negate(const JValue& value) {
  switch (value.kind) {
    case JKind::Int: return JValue::Int(Wrap<int32_t>(BinaryOp::Subtract, 0, static_cast<int32_t>(value.integer)));
    case JKind::Long: return JValue::Long(Wrap<int64_t>(BinaryOp::Subtract, 0, value.integer));
    case JKind::BigInt: return JValue::Big(value.number.unscaled.Negate());
    case JKind::Decimal: return JValue::Dec({value.number.unscaled.Negate(), value.number.scale});
    case JKind::Double: return JValue::Double(-value.real);
    default:
      throw Error(Message<msg::CannotNegate>(arg::type = JavaClassName(value)));
  }
}

JValue AbsoluteValue(const JValue& value) {
  switch (value.kind) {
    case JKind::Int:
    case JKind::Long:
    case JKind::BigInt:
    case JKind::Decimal: {
      bool negative = value.kind == JKind::BigInt || value.kind == JKind::Decimal ? value.number.unscaled.sign() < 0
                                                                                    : value.integer < 0;
      return negative ? Negate(value) : value;
    }
    case JKind::Double: return JValue::Double(std::fabs(value.real));
    default:
      throw Error(Message<msg::AbsNotApplicable>(arg::type = JavaClassName(value)));
  }
}

bool GroovyEquals(const JValue& left, const JValue& right) {
  if (left.is_null() || right.is_null()) return left.is_null() && right.is_null();
  if (RankOf(left) != Rank::None && RankOf(right) != Rank::None) return GroovyCompare(left, right) == 0;
  if (left.is_text() && right.is_text()) return ToText(left) == ToText(right);
  if (left.kind == JKind::Bool && right.kind == JKind::Bool) return left.integer == right.integer;
  if (left.kind == JKind::List && right.kind == JKind::List) {
    if (left.list->size() != right.list->size()) return false;
    for (size_t i = 0; i < left.list->size(); ++i) {
      if (!GroovyEquals((*left.list)[i], (*right.list)[i])) return false;
    }
    return true;
  }
  return false;
}

int GroovyCompare(const JValue& left, const JValue& right) {
  if (left.is_null() || right.is_null()) return left.is_null() ? (right.is_null() ? 0 : -1) : 1;
  Rank lr = RankOf(left), rr = RankOf(right);
  if (lr != Rank::None && rr != Rank::None) {
    Rank rank = std::max(lr, rr);
    if (rank == Rank::Double) {
      double a = AsDouble(left), b = AsDouble(right);
      return a < b ? -1 : a > b ? 1 : 0;
    }
    if (rank >= Rank::BigInt) return Compare(AsBigDecimal(left), AsBigDecimal(right));
    return left.integer < right.integer ? -1 : left.integer > right.integer ? 1 : 0;
  }
  // A Character orders against a one-character String only (else Character.compareTo(String) fails).
  bool comparable = !(left.kind == JKind::Char && right.kind == JKind::String && ToUtf16(right.text).size() != 1);
  if (left.is_text() && right.is_text() && comparable) return ToText(left).compare(ToText(right));
  if (left.kind == JKind::Bool && right.kind == JKind::Bool) return static_cast<int>(left.integer - right.integer);
  throw Error(Message<msg::CannotCompare>(arg::left_type = JavaClassName(left), arg::left = ToText(left),
                                          arg::right_type = JavaClassName(right), arg::right = ToText(right)));
}

}  // namespace sqlroute::expr
