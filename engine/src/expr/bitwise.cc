// Groovy's bitwise operators. `& | ^` promote like NumberMath (Integer < Long < BigInteger;
// BigDecimal and Double refuse) and are logical on two Booleans. `<< >> >>>` keep the left
// operand's type (Integer or Long; the distance is its intValue(), masked as in Java), and
// `~` is bitwiseNegate on Integer, Long and BigInteger.
#include "expr/arithmetic.h"
#include "expr/inline_errors.h"
#include "sqlroute/error_text.h"

namespace sqlroute::expr {
namespace {

bool IsIntegral(const JValue& v) { return v.kind == JKind::Int || v.kind == JKind::Long || v.kind == JKind::BigInt; }

const char* MethodName(BinaryOp op) {
  switch (op) {
    case BinaryOp::BitAnd: return "and";
    case BinaryOp::BitOr: return "or";
    case BinaryOp::BitXor: return "xor";
    case BinaryOp::ShiftLeft: return "leftShift";
    case BinaryOp::ShiftRight: return "rightShift";
    default: return "rightShiftUnsigned";
  }
}

template <typename T>
T Apply(BinaryOp op, T a, T b) {
  return op == BinaryOp::BitAnd ? (a & b) : op == BinaryOp::BitOr ? (a | b) : (a ^ b);
}

}  // namespace

JValue Bitwise(BinaryOp op, const JValue& left, const JValue& right) {
  if (left.kind == JKind::Bool && right.kind == JKind::Bool) {
    return JValue::Bool(Apply<bool>(op, left.integer != 0, right.integer != 0));
  }
  if (!left.is_number() || !right.is_number()) ThrowOperatorMismatch(op, left, right);
  for (const JValue* operand : {&left, &right}) {
    if (!IsIntegral(*operand)) ThrowUnsupported(MethodName(op), *operand);
  }
  if (left.kind == JKind::BigInt || right.kind == JKind::BigInt) {
    char symbol = op == BinaryOp::BitAnd ? '&' : op == BinaryOp::BitOr ? '|' : '^';
    return JValue::Big(BigInteger::Bitwise(symbol, AsBigInteger(left), AsBigInteger(right)));
  }
  if (left.kind == JKind::Long || right.kind == JKind::Long) return JValue::Long(Apply(op, left.integer, right.integer));
  return JValue::Int(Apply(op, static_cast<int32_t>(left.integer), static_cast<int32_t>(right.integer)));
}

JValue Shift(BinaryOp op, const JValue& value, const JValue& distance) {
  if (!value.is_number() || !distance.is_number()) ThrowOperatorMismatch(op, value, distance);
  if (!IsIntegral(distance)) {
    throw Error(Message<msg::ShiftDistanceNotIntegral>(arg::value = ToText(distance),
                                                       arg::type = JavaClassName(distance)));
  }
  if (value.kind != JKind::Int && value.kind != JKind::Long) ThrowUnsupported(MethodName(op), value);
  auto bits = static_cast<uint32_t>(AsBigInteger(distance).LongValue());  // intValue(), then Java's mask
  if (value.kind == JKind::Int) {
    auto v = static_cast<uint32_t>(value.integer);
    uint32_t n = bits & 31;
    uint32_t shifted = op == BinaryOp::ShiftLeft          ? v << n
                       : op == BinaryOp::ShiftRightUnsigned ? v >> n
                                                            : static_cast<uint32_t>(static_cast<int32_t>(v) >> n);
    return JValue::Int(static_cast<int32_t>(shifted));
  }
  auto v = static_cast<uint64_t>(value.integer);
  uint32_t n = bits & 63;
  uint64_t shifted = op == BinaryOp::ShiftLeft          ? v << n
                     : op == BinaryOp::ShiftRightUnsigned ? v >> n
                                                          : static_cast<uint64_t>(static_cast<int64_t>(v) >> n);
  return JValue::Long(static_cast<int64_t>(shifted));
}

JValue BitwiseNegate(const JValue& value) {
  switch (value.kind) {
    case JKind::Int: return JValue::Int(~static_cast<int32_t>(value.integer));
    case JKind::Long: return JValue::Long(~value.integer);
    case JKind::BigInt: return JValue::Big(value.number.unscaled.Negate() - BigInteger::FromInt64(1));
    default:
      if (value.is_number()) ThrowUnsupported("bitwiseNegate", value);
      throw Error(Message<msg::CannotNegate>(arg::type = JavaClassName(value)));
  }
}

}  // namespace sqlroute::expr
