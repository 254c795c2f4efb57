#pragma once
// java.math.BigInteger for the interpreter: sign and magnitude in 32-bit limbs. Only what
// inline expressions need: parsing, printing, + - *, truncating division, comparison, pow,
// Java's two's complement and/or/xor and its hashCode/longValue.
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace sqlroute::expr {

class BigInteger {
 public:
  BigInteger() = default;
  static BigInteger FromInt64(int64_t value);
  // Optional '+'/'-' followed by decimal digits only.
  static std::optional<BigInteger> Parse(std::string_view text);
  static BigInteger Pow10(int exponent);

  int sign() const { return sign_; }
  bool is_zero() const { return sign_ == 0; }
  bool FitsInt64() const;
  int64_t LongValue() const;  // Java longValue(): low 64 bits, two's complement
  int32_t HashCode() const;   // Java BigInteger.hashCode()
  int DecimalDigits() const;  // digits of |this|, 1 for zero
  std::string ToString() const;

  BigInteger Negate() const;
  BigInteger Abs() const;
  BigInteger MultiplySmall(uint32_t factor) const;
  // Truncating division (Java divide/remainder); `divisor` must not be zero.
  static void DivMod(const BigInteger& dividend, const BigInteger& divisor, BigInteger* quotient,
                     BigInteger* remainder);
  // Divides by a small divisor in place and returns the remainder of the magnitude.
  uint32_t DivideSmallInPlace(uint32_t divisor);
  // Java's pow; the caller bounds the size of the result.
  BigInteger Pow(uint32_t exponent) const;
  // Java's and/or/xor on two's complement values; `op` is '&', '|' or '^'.
  static BigInteger Bitwise(char op, const BigInteger& a, const BigInteger& b);

  friend BigInteger operator+(const BigInteger& a, const BigInteger& b);
  friend BigInteger operator-(const BigInteger& a, const BigInteger& b);
  friend BigInteger operator*(const BigInteger& a, const BigInteger& b);
  friend int Compare(const BigInteger& a, const BigInteger& b);
  friend bool operator==(const BigInteger& a, const BigInteger& b) { return Compare(a, b) == 0; }

 private:
  using Limbs = std::vector<uint32_t>;  // little-endian magnitude, no leading zero limbs
  static int CompareMagnitude(const Limbs& a, const Limbs& b);
  static Limbs AddMagnitude(const Limbs& a, const Limbs& b);
  static Limbs SubtractMagnitude(const Limbs& a, const Limbs& b);  // requires |a| >= |b|
  static BigInteger Make(int sign, Limbs magnitude);

  int sign_ = 0;
  Limbs magnitude_;
};

}  // namespace sqlroute::expr
