#include "expr/big_integer.h"

#include <algorithm>

namespace sqlroute::expr {

BigInteger BigInteger::Make(int sign, Limbs magnitude) {
  while (!magnitude.empty() && magnitude.back() == 0) magnitude.pop_back();
  BigInteger result;
  result.sign_ = magnitude.empty() ? 0 : sign;
  result.magnitude_ = std::move(magnitude);
  return result;
}

BigInteger BigInteger::FromInt64(int64_t value) {
  uint64_t abs = value < 0 ? 0 - static_cast<uint64_t>(value) : static_cast<uint64_t>(value);
  return Make(value < 0 ? -1 : 1, {static_cast<uint32_t>(abs), static_cast<uint32_t>(abs >> 32)});
}

std::optional<BigInteger> BigInteger::Parse(std::string_view text) {
  int sign = 1;
  if (!text.empty() && (text[0] == '-' || text[0] == '+')) {
    sign = text[0] == '-' ? -1 : 1;
    text.remove_prefix(1);
  }
  if (text.empty()) return std::nullopt;
  BigInteger result;
  for (char c : text) {
    if (c < '0' || c > '9') return std::nullopt;
    result = result.MultiplySmall(10) + FromInt64(c - '0');
  }
  if (result.sign_ != 0) result.sign_ = sign;
  return result;
}

BigInteger BigInteger::Pow10(int exponent) {
  BigInteger result = FromInt64(1);
  for (; exponent >= 9; exponent -= 9) result = result.MultiplySmall(1000000000u);
  for (; exponent > 0; --exponent) result = result.MultiplySmall(10);
  return result;
}

bool BigInteger::FitsInt64() const {
  if (magnitude_.size() <= 1) return true;
  if (magnitude_.size() > 2) return false;
  uint64_t abs = (static_cast<uint64_t>(magnitude_[1]) << 32) | magnitude_[0];
  return sign_ > 0 ? abs <= static_cast<uint64_t>(INT64_MAX) : abs <= static_cast<uint64_t>(INT64_MAX) + 1;
}

int64_t BigInteger::LongValue() const {
  uint64_t low = 0;
  if (!magnitude_.empty()) low = magnitude_[0];
  if (magnitude_.size() > 1) low |= static_cast<uint64_t>(magnitude_[1]) << 32;
  if (sign_ < 0) low = 0 - low;
  return static_cast<int64_t>(low);
}

int32_t BigInteger::HashCode() const {
  uint32_t hash = 0;
  for (auto it = magnitude_.rbegin(); it != magnitude_.rend(); ++it) hash = 31 * hash + *it;
  return static_cast<int32_t>(hash * static_cast<uint32_t>(sign_));
}

int BigInteger::DecimalDigits() const {
  return is_zero() ? 1 : static_cast<int>(Abs().ToString().size());
}

std::string BigInteger::ToString() const {
  if (is_zero()) return "0";
  BigInteger rest = Abs();
  std::string digits;
  while (!rest.is_zero()) {
    uint32_t chunk = rest.DivideSmallInPlace(1000000000u);
    for (int i = 0; i < 9; ++i, chunk /= 10) digits += static_cast<char>('0' + chunk % 10);
  }
  while (digits.size() > 1 && digits.back() == '0') digits.pop_back();
  if (sign_ < 0) digits += '-';
  std::reverse(digits.begin(), digits.end());
  return digits;
}

BigInteger BigInteger::Negate() const { return Make(-sign_, magnitude_); }

BigInteger BigInteger::Pow(uint32_t exponent) const {
  BigInteger result = FromInt64(1), square = *this;
  for (; exponent != 0; exponent >>= 1) {
    if (exponent & 1) result = result * square;
    if (exponent > 1) square = square * square;
  }
  return result;
}

BigInteger BigInteger::Bitwise(char op, const BigInteger& a, const BigInteger& b) {
  size_t width = std::max(a.magnitude_.size(), b.magnitude_.size()) + 1;
  // The value as `width` limbs of two's complement.
  auto twos = [width](const BigInteger& value) {
    Limbs limbs(value.magnitude_);
    limbs.resize(width, 0);
    if (value.sign_ < 0) {
      uint64_t carry = 1;
      for (uint32_t& limb : limbs) {
        uint64_t sum = static_cast<uint64_t>(static_cast<uint32_t>(~limb)) + carry;
        limb = static_cast<uint32_t>(sum);
        carry = sum >> 32;
      }
    }
    return limbs;
  };
  Limbs x = twos(a), y = twos(b);
  for (size_t i = 0; i < width; ++i) x[i] = op == '&' ? x[i] & y[i] : op == '|' ? x[i] | y[i] : x[i] ^ y[i];
  if ((x.back() >> 31) == 0) return Make(1, std::move(x));
  uint64_t carry = 1;  // negative: the magnitude is ~x + 1
  for (uint32_t& limb : x) {
    uint64_t sum = static_cast<uint64_t>(static_cast<uint32_t>(~limb)) + carry;
    limb = static_cast<uint32_t>(sum);
    carry = sum >> 32;
  }
  return Make(-1, std::move(x));
}
BigInteger BigInteger::Abs() const { return Make(1, magnitude_); }

BigInteger BigInteger::MultiplySmall(uint32_t factor) const {
  Limbs result;
  result.reserve(magnitude_.size() + 1);
  uint64_t carry = 0;
  for (uint32_t limb : magnitude_) {
    uint64_t product = static_cast<uint64_t>(limb) * factor + carry;
    result.push_back(static_cast<uint32_t>(product));
    carry = product >> 32;
  }
  result.push_back(static_cast<uint32_t>(carry));
  return Make(sign_, std::move(result));
}

uint32_t BigInteger::DivideSmallInPlace(uint32_t divisor) {
  uint64_t remainder = 0;
  for (auto it = magnitude_.rbegin(); it != magnitude_.rend(); ++it) {
    uint64_t current = (remainder << 32) | *it;
    *it = static_cast<uint32_t>(current / divisor);
    remainder = current % divisor;
  }
  *this = Make(sign_, std::move(magnitude_));
  return static_cast<uint32_t>(remainder);
}

int BigInteger::CompareMagnitude(const Limbs& a, const Limbs& b) {
  if (a.size() != b.size()) return a.size() < b.size() ? -1 : 1;
  for (size_t i = a.size(); i-- > 0;) {
    if (a[i] != b[i]) return a[i] < b[i] ? -1 : 1;
  }
  return 0;
}

BigInteger::Limbs BigInteger::AddMagnitude(const Limbs& a, const Limbs& b) {
  Limbs result(std::max(a.size(), b.size()) + 1, 0);
  uint64_t carry = 0;
  for (size_t i = 0; i + 1 < result.size(); ++i) {
    uint64_t sum = carry + (i < a.size() ? a[i] : 0) + (i < b.size() ? b[i] : 0);
    result[i] = static_cast<uint32_t>(sum);
    carry = sum >> 32;
  }
  result.back() = static_cast<uint32_t>(carry);
  return result;
}

BigInteger::Limbs BigInteger::SubtractMagnitude(const Limbs& a, const Limbs& b) {
  Limbs result(a.size(), 0);
  int64_t borrow = 0;
  for (size_t i = 0; i < a.size(); ++i) {
    int64_t diff = static_cast<int64_t>(a[i]) - (i < b.size() ? b[i] : 0) - borrow;
    borrow = diff < 0 ? 1 : 0;
    result[i] = static_cast<uint32_t>(diff + (borrow << 32));
  }
  return result;
}

BigInteger operator+(const BigInteger& a, const BigInteger& b) {
  if (a.sign_ == 0) return b;
  if (b.sign_ == 0) return a;
  if (a.sign_ == b.sign_) return BigInteger::Make(a.sign_, BigInteger::AddMagnitude(a.magnitude_, b.magnitude_));
  int cmp = BigInteger::CompareMagnitude(a.magnitude_, b.magnitude_);
  if (cmp == 0) return BigInteger();
  return cmp > 0 ? BigInteger::Make(a.sign_, BigInteger::SubtractMagnitude(a.magnitude_, b.magnitude_))
                 : BigInteger::Make(b.sign_, BigInteger::SubtractMagnitude(b.magnitude_, a.magnitude_));
}

BigInteger operator-(const BigInteger& a, const BigInteger& b) { return a + b.Negate(); }

BigInteger operator*(const BigInteger& a, const BigInteger& b) {
  if (a.is_zero() || b.is_zero()) return BigInteger();
  BigInteger::Limbs result(a.magnitude_.size() + b.magnitude_.size(), 0);
  for (size_t i = 0; i < a.magnitude_.size(); ++i) {
    uint64_t carry = 0;
    for (size_t j = 0; j < b.magnitude_.size(); ++j) {
      uint64_t cur = static_cast<uint64_t>(a.magnitude_[i]) * b.magnitude_[j] + result[i + j] + carry;
      result[i + j] = static_cast<uint32_t>(cur);
      carry = cur >> 32;
    }
    result[i + b.magnitude_.size()] = static_cast<uint32_t>(carry);
  }
  return BigInteger::Make(a.sign_ * b.sign_, std::move(result));
}

int Compare(const BigInteger& a, const BigInteger& b) {
  if (a.sign_ != b.sign_) return a.sign_ < b.sign_ ? -1 : 1;
  int cmp = BigInteger::CompareMagnitude(a.magnitude_, b.magnitude_);
  return a.sign_ < 0 ? -cmp : cmp;
}

// Binary long division on magnitudes: numbers here have a few limbs at most.
void BigInteger::DivMod(const BigInteger& dividend, const BigInteger& divisor, BigInteger* quotient,
                        BigInteger* remainder) {
  Limbs q(dividend.magnitude_.size(), 0);
  Limbs r;
  for (size_t bit = dividend.magnitude_.size() * 32; bit-- > 0;) {
    uint32_t carry = (dividend.magnitude_[bit / 32] >> (bit % 32)) & 1u;
    for (uint32_t& limb : r) {
      uint32_t next = limb >> 31;
      limb = (limb << 1) | carry;
      carry = next;
    }
    if (carry) r.push_back(carry);
    if (CompareMagnitude(r, divisor.magnitude_) >= 0) {
      r = SubtractMagnitude(r, divisor.magnitude_);
      while (!r.empty() && r.back() == 0) r.pop_back();
      q[bit / 32] |= 1u << (bit % 32);
    }
  }
  if (quotient) *quotient = Make(dividend.sign_ * divisor.sign_, std::move(q));
  if (remainder) *remainder = Make(dividend.sign_, std::move(r));
}

}  // namespace sqlroute::expr
