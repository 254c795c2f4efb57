#pragma once
// Numbers inside the merge: exact decimals for integer and DECIMAL values, doubles otherwise.
#include <optional>

#include "expr/big_decimal.h"
#include "sqlroute/value.h"

namespace sqlroute::merge {

// The exact value of an integer, BIGINT, DECIMAL or numeric string; nullopt for anything else
// (doubles included).
std::optional<expr::BigDecimal> ExactNumber(const Value& value);
// The value as a double; nullopt when it is not a number or numeric string.
std::optional<double> ApproximateNumber(const Value& value);
// A Decimal value in plain notation ("-0.0500"), never with an exponent.
Value DecimalValue(const expr::BigDecimal& number);
// `sum / count` rounded half away from zero to `scale` digits; `count` must be positive.
expr::BigDecimal DivideRounded(const expr::BigDecimal& sum, const expr::BigInteger& count, int32_t scale);

}  // namespace sqlroute::merge
