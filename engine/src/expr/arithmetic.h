#pragma once
// Groovy operators on JValues: numeric promotion Integer < Long < BigInteger < BigDecimal
// < Double, Java overflow for Integer and Long, `%` as Groovy 4's mod (Java remainder for
// Integer/Long), `/` giving BigDecimal for non-floating operands, string concatenation.
// Values that do not fit throw INLINE_EXPRESSION_MISMATCH.
#include <cstdint>

#include "expr/jvalue.h"

namespace sqlroute::expr {

enum class BinaryOp : uint8_t { Add, Subtract, Multiply, Divide, Remainder, IntDiv,
                                Equal, NotEqual, Less, LessEqual, Greater, GreaterEqual };

const char* OperatorSymbol(BinaryOp op);
JValue ApplyBinary(BinaryOp op, const JValue& left, const JValue& right);
JValue Negate(const JValue& value);
JValue AbsoluteValue(const JValue& value);
bool GroovyEquals(const JValue& left, const JValue& right);
// <0, 0, >0; throws when the values cannot be ordered.
int GroovyCompare(const JValue& left, const JValue& right);

}  // namespace sqlroute::expr
