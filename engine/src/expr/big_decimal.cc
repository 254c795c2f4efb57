#include "expr/big_decimal.h"

#include <algorithm>
#include <cstdlib>

namespace sqlroute::expr {
namespace {

constexpr int kDivisionExtraPrecision = 10;
constexpr int kDivisionMinScale = 10;

BigDecimal Rescaled(const BigDecimal& value, int32_t scale) {  // scale >= value.scale
  return {value.unscaled * BigInteger::Pow10(scale - value.scale), scale};
}

// Rounds |magnitude| / 10^drop HALF_UP, keeping the sign.
BigInteger DropDigitsHalfUp(const BigInteger& value, int drop) {
  if (drop <= 0) return value;
  BigInteger quotient, remainder;
  BigInteger::DivMod(value.Abs(), BigInteger::Pow10(drop), &quotient, &remainder);
  BigInteger half = BigInteger::Pow10(drop - 1).MultiplySmall(5);
  if (Compare(remainder, half) >= 0) quotient = quotient + BigInteger::FromInt64(1);
  return value.sign() < 0 ? quotient.Negate() : quotient;
}

// Removes factors 2 and 5 from `value`, returning how many of each there were.
std::pair<int, int> StripTwosAndFives(BigInteger* value) {
  int twos = 0, fives = 0;
  for (uint32_t factor : {2u, 5u}) {
    while (!value->is_zero()) {
      BigInteger copy = *value;
      if (copy.DivideSmallInPlace(factor) != 0) break;
      *value = copy;
      ++(factor == 2 ? twos : fives);
    }
  }
  return {twos, fives};
}

}  // namespace

std::optional<BigDecimal> BigDecimal::Parse(std::string_view text) {
  std::string digits;
  int32_t scale = 0;
  size_t i = 0;
  if (i < text.size() && (text[i] == '-' || text[i] == '+')) digits += text[i++];
  bool seen_digit = false, seen_point = false;
  for (; i < text.size(); ++i) {
    char c = text[i];
    if (c >= '0' && c <= '9') {
      digits += c;
      seen_digit = true;
      if (seen_point) ++scale;
    } else if (c == '.' && !seen_point) {
      seen_point = true;
    } else {
      break;
    }
  }
  if (!seen_digit) return std::nullopt;
  if (i < text.size() && (text[i] == 'e' || text[i] == 'E')) {
    std::string exponent(text.substr(i + 1));
    char* end = nullptr;
    long value = std::strtol(exponent.c_str(), &end, 10);
    if (exponent.empty() || *end != '\0' || value > 100000 || value < -100000) return std::nullopt;
    scale -= static_cast<int32_t>(value);
    i = text.size();
  }
  if (i != text.size()) return std::nullopt;
  auto unscaled = BigInteger::Parse(digits);
  if (!unscaled) return std::nullopt;
  return BigDecimal{*unscaled, scale};
}

std::string BigDecimal::ToString() const {
  std::string coefficient = unscaled.Abs().ToString();
  std::string sign = unscaled.sign() < 0 ? "-" : "";
  long adjusted = -static_cast<long>(scale) + static_cast<long>(coefficient.size()) - 1;
  if (scale == 0) return sign + coefficient;
  if (scale > 0 && adjusted >= -6) {
    if (static_cast<long>(coefficient.size()) > scale) {
      coefficient.insert(coefficient.size() - scale, ".");
      return sign + coefficient;
    }
    return sign + "0." + std::string(scale - coefficient.size(), '0') + coefficient;
  }
  std::string mantissa = coefficient.substr(0, 1);
  if (coefficient.size() > 1) mantissa += "." + coefficient.substr(1);
  return sign + mantissa + "E" + (adjusted >= 0 ? "+" : "") + std::to_string(adjusted);
}

double BigDecimal::DoubleValue() const { return std::strtod(ToString().c_str(), nullptr); }

BigInteger BigDecimal::ToBigInteger() const {
  if (scale <= 0) return unscaled * BigInteger::Pow10(-scale);
  BigInteger quotient;
  BigInteger::DivMod(unscaled, BigInteger::Pow10(scale), &quotient, nullptr);
  return quotient;
}

BigDecimal BigDecimal::WithScale(int32_t new_scale) const {
  if (new_scale >= scale) return Rescaled(*this, new_scale);
  return {DropDigitsHalfUp(unscaled, scale - new_scale), new_scale};
}

BigDecimal BigDecimal::StripZerosDownTo(int32_t preferred_scale) const {
  BigDecimal result = *this;
  while (result.scale > preferred_scale) {
    BigInteger copy = result.unscaled;
    if (copy.DivideSmallInPlace(10) != 0) break;
    result.unscaled = copy;
    --result.scale;
  }
  return result;
}

BigDecimal Add(const BigDecimal& a, const BigDecimal& b) {
  int32_t scale = std::max(a.scale, b.scale);
  return {Rescaled(a, scale).unscaled + Rescaled(b, scale).unscaled, scale};
}

BigDecimal Subtract(const BigDecimal& a, const BigDecimal& b) {
  return Add(a, BigDecimal{b.unscaled.Negate(), b.scale});
}

BigDecimal Multiply(const BigDecimal& a, const BigDecimal& b) {
  return {a.unscaled * b.unscaled, a.scale + b.scale};
}

int Compare(const BigDecimal& a, const BigDecimal& b) {
  int32_t scale = std::max(a.scale, b.scale);
  return Compare(Rescaled(a, scale).unscaled, Rescaled(b, scale).unscaled);
}

BigDecimal GroovyDivide(const BigDecimal& a, const BigDecimal& b) {
  int32_t preferred_scale = a.scale - b.scale;
  if (a.unscaled.is_zero()) return BigDecimal{BigInteger(), preferred_scale};
  // Exact when the reduced divisor only has factors 2 and 5 (BigDecimal.divide(BigDecimal)).
  BigInteger odd_part = b.unscaled.Abs();
  auto [twos, fives] = StripTwosAndFives(&odd_part);
  BigInteger remainder;
  BigInteger::DivMod(a.unscaled, odd_part, nullptr, &remainder);
  if (remainder.is_zero()) {
    int extra = std::max(twos, fives);
    BigInteger quotient;
    BigInteger::DivMod(a.unscaled * BigInteger::Pow10(extra), b.unscaled, &quotient, nullptr);
    BigDecimal exact{quotient, preferred_scale + extra};
    exact = exact.StripZerosDownTo(preferred_scale);
    return exact.scale < preferred_scale ? exact.WithScale(preferred_scale) : exact;
  }
  // Non-terminating: round to max(precision) + 10 significant digits, then cap the scale.
  int precision = std::max(a.Precision(), b.Precision()) + kDivisionExtraPrecision;
  int shift = std::max(0, precision + 2 + b.Precision() - a.Precision());
  BigInteger truncated;
  BigInteger::DivMod(a.unscaled * BigInteger::Pow10(shift), b.unscaled, &truncated, nullptr);
  int drop = truncated.DecimalDigits() - precision;
  BigDecimal rounded{DropDigitsHalfUp(truncated, drop), preferred_scale + shift - drop};
  if (rounded.Precision() > precision) rounded = rounded.WithScale(rounded.scale - 1);
  rounded = rounded.StripZerosDownTo(preferred_scale);
  int32_t max_scale = std::max({a.scale, b.scale, kDivisionMinScale});
  return rounded.scale > max_scale ? rounded.WithScale(max_scale) : rounded;
}

}  // namespace sqlroute::expr
