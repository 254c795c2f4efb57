#pragma once
// java.math.BigDecimal for the interpreter: unscaled BigInteger and scale, with Java's
// toString/hashCode and Groovy's division rule (exact quotient, else 10 extra digits of
// precision and a scale of at least 10, rounded HALF_UP).
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

#include "expr/big_integer.h"

namespace sqlroute::expr {

struct BigDecimal {
  BigInteger unscaled;
  int32_t scale = 0;

  static BigDecimal FromInteger(BigInteger value) { return {std::move(value), 0}; }
  // "-12.50", "1E+3", "2.5e-4".
  static std::optional<BigDecimal> Parse(std::string_view text);

  int Precision() const { return unscaled.DecimalDigits(); }
  std::string ToString() const;  // Java BigDecimal.toString()
  int32_t HashCode() const { return 31 * unscaled.HashCode() + scale; }
  double DoubleValue() const;
  BigInteger ToBigInteger() const;  // truncates the fraction
  BigDecimal WithScale(int32_t new_scale) const;  // HALF_UP when digits are dropped
  BigDecimal StripZerosDownTo(int32_t preferred_scale) const;
};

BigDecimal Add(const BigDecimal& a, const BigDecimal& b);
BigDecimal Subtract(const BigDecimal& a, const BigDecimal& b);
BigDecimal Multiply(const BigDecimal& a, const BigDecimal& b);
int Compare(const BigDecimal& a, const BigDecimal& b);
// Groovy's `/` on non-floating numbers; `b` must not be zero.
BigDecimal GroovyDivide(const BigDecimal& a, const BigDecimal& b);

}  // namespace sqlroute::expr
