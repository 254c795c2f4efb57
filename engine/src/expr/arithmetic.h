#pragma once
// Groovy operators on JValues: numeric promotion Integer < Long < BigInteger < BigDecimal
// < Double, Java overflow for Integer and Long, `%` as Groovy 4's mod (Java remainder for
// Integer/Long), `/` giving BigDecimal for non-floating operands, string concatenation,
// `**` (power.cc) and the bitwise and shift operators (bitwise.cc).
// Values that do not fit throw INLINE_EXPRESSION_MISMATCH.
#include <cstdint>

#include "expr/jvalue.h"

namespace sqlroute::expr {

enum class BinaryOp : uint8_t { Add, Subtract, Multiply, Divide, Remainder, IntDiv, Power,
                                BitAnd, BitOr, BitXor, ShiftLeft, ShiftRight, ShiftRightUnsigned,
                                Equal, NotEqual, Less, LessEqual, Greater, GreaterEqual };

const char* OperatorSymbol(BinaryOp op);
JValue ApplyBinary(BinaryOp op, const JValue& left, const JValue& right);
JValue Negate(const JValue& value);
// Groovy's `**`: DefaultGroovyMethods.power, whose overload depends on both operand types.
JValue Power(const JValue& base, const JValue& exponent);
// `& | ^` (NumberMath and Boolean's and/or/xor), `<< >> >>>` and `~` (bitwiseNegate).
JValue Bitwise(BinaryOp op, const JValue& left, const JValue& right);
JValue Shift(BinaryOp op, const JValue& value, const JValue& distance);
JValue BitwiseNegate(const JValue& value);
// The operator's errors: no such operator for these operand types (OperatorNotApplicable),
// and a Number method the value's class lacks (NumberMethodUnsupported).
[[noreturn]] void ThrowOperatorMismatch(BinaryOp op, const JValue& left, const JValue& right);
[[noreturn]] void ThrowUnsupported(const char* method, const JValue& value);
// Java's (int)/(long) casts of a double: truncation, saturation, NaN to 0.
int64_t JavaCast(double value, int64_t min, int64_t max);
JValue AbsoluteValue(const JValue& value);
bool GroovyEquals(const JValue& left, const JValue& right);
// <0, 0, >0; throws when the values cannot be ordered.
int GroovyCompare(const JValue& left, const JValue& right);

}  // namespace sqlroute::expr
