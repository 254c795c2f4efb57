#include "merge/merge_numbers.h"

#include <cstdlib>
#include <string>

namespace sqlroute::merge {

std::optional<expr::BigDecimal> ExactNumber(const Value& value) {
  switch (value.kind()) {
    case Value::Kind::Bool:
    case Value::Kind::Int:
    case Value::Kind::Long: return expr::BigDecimal::FromInteger(expr::BigInteger::FromInt64(value.int_value()));
    case Value::Kind::BigInt:
    case Value::Kind::Decimal:
    case Value::Kind::String: return expr::BigDecimal::Parse(value.text());
    default: return std::nullopt;
  }
}

std::optional<double> ApproximateNumber(const Value& value) {
  if (value.kind() == Value::Kind::Double) return value.double_value();
  if (auto exact = ExactNumber(value)) return exact->DoubleValue();
  return std::nullopt;
}

Value DecimalValue(const expr::BigDecimal& number) {
  std::string digits = number.unscaled.Abs().ToString();
  int32_t scale = number.scale;
  if (scale < 0) {
    digits.append(static_cast<std::size_t>(-scale), '0');
    scale = 0;
  }
  if (scale > 0) {
    if (digits.size() <= static_cast<std::size_t>(scale)) {
      digits.insert(0, static_cast<std::size_t>(scale) - digits.size() + 1, '0');
    }
    digits.insert(digits.size() - static_cast<std::size_t>(scale), ".");
  }
  return Value::Decimal(number.unscaled.sign() < 0 ? "-" + digits : digits);
}

expr::BigDecimal DivideRounded(const expr::BigDecimal& sum, const expr::BigInteger& count, int32_t scale) {
  int32_t shift = scale - sum.scale;
  expr::BigInteger dividend = sum.unscaled;
  expr::BigInteger divisor = count;
  if (shift >= 0) {
    dividend = dividend * expr::BigInteger::Pow10(shift);
  } else {
    divisor = divisor * expr::BigInteger::Pow10(-shift);
  }
  expr::BigInteger quotient;
  expr::BigInteger remainder;
  expr::BigInteger::DivMod(dividend, divisor, &quotient, &remainder);
  expr::BigInteger twice = remainder.Abs() + remainder.Abs();
  if (Compare(twice, divisor.Abs()) >= 0) {
    quotient = quotient + expr::BigInteger::FromInt64(dividend.sign() * divisor.sign());
  }
  return {quotient, scale};
}

}  // namespace sqlroute::merge
