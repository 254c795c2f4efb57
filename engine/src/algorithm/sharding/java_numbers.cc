#include "algorithm/sharding/java_numbers.h"

#include <cmath>
#include <limits>

namespace sqlroute::algorithm {
namespace {

// Low 64 bits of a signed decimal integer, as BigInteger.longValue() gives them.
int64_t LowBits(bool negative, std::string_view digits) {
  uint64_t magnitude = 0;
  for (char c : digits) magnitude = magnitude * 10 + static_cast<uint64_t>(c - '0');
  if (negative) magnitude = ~magnitude + 1;
  return static_cast<int64_t>(magnitude);
}

// Integer part (truncated toward zero) of a BigDecimal text such as "-12.50" or "1.5E+3".
std::optional<JavaBigInteger> DecimalIntegerPart(std::string_view text) {
  bool negative = false;
  if (!text.empty() && (text[0] == '-' || text[0] == '+')) {
    negative = text[0] == '-';
    text.remove_prefix(1);
  }
  long exponent = 0;
  auto e = text.find_first_of("eE");
  if (e != std::string_view::npos) {
    auto parsed = JavaBigInteger::Parse(text.substr(e + 1));
    if (!parsed || parsed->magnitude.size() > 9) return std::nullopt;
    exponent = std::stol(parsed->magnitude) * (parsed->negative ? -1 : 1);
    text = text.substr(0, e);
  }
  std::string digits;
  long point = -1;
  for (std::size_t i = 0; i < text.size(); ++i) {
    if (text[i] == '.' && point < 0) point = static_cast<long>(digits.size());
    else if (text[i] >= '0' && text[i] <= '9') digits += text[i];
    else return std::nullopt;
  }
  if (digits.empty()) return std::nullopt;
  long integer_digits = (point < 0 ? static_cast<long>(digits.size()) : point) + exponent;
  if (integer_digits <= 0) return JavaBigInteger{};
  if (integer_digits > 100000) return std::nullopt;
  std::string integer = digits.substr(0, std::min<std::size_t>(integer_digits, digits.size()));
  if (static_cast<std::size_t>(integer_digits) > digits.size()) integer.append(integer_digits - digits.size(), '0');
  auto result = JavaBigInteger::Parse(integer);
  if (result && result->magnitude != "0") result->negative = negative;
  return result;
}

}  // namespace

std::optional<JavaBigInteger> JavaBigInteger::Parse(std::string_view text) {
  JavaBigInteger result;
  if (!text.empty() && (text[0] == '-' || text[0] == '+')) {
    result.negative = text[0] == '-';
    text.remove_prefix(1);
  }
  if (text.empty()) return std::nullopt;
  for (char c : text) {
    if (c < '0' || c > '9') return std::nullopt;
  }
  auto first = text.find_first_not_of('0');
  result.magnitude = first == std::string_view::npos ? "0" : std::string(text.substr(first));
  if (result.magnitude == "0") result.negative = false;
  return result;
}

JavaBigInteger JavaBigInteger::FromLong(int64_t value) {
  JavaBigInteger result;
  result.negative = value < 0;
  uint64_t magnitude = value < 0 ? ~static_cast<uint64_t>(value) + 1 : static_cast<uint64_t>(value);
  result.magnitude = std::to_string(magnitude);
  return result;
}

int64_t JavaBigInteger::Mod(int64_t modulus) const {
  unsigned __int128 remainder = 0;
  for (char c : magnitude) remainder = (remainder * 10 + static_cast<unsigned>(c - '0')) % static_cast<uint64_t>(modulus);
  auto result = static_cast<int64_t>(remainder);
  return negative && result != 0 ? modulus - result : result;
}

std::optional<__int128> JavaBigInteger::ToInt128() const {
  if (magnitude.size() > 38) return std::nullopt;
  __int128 result = 0;
  for (char c : magnitude) result = result * 10 + (c - '0');
  return negative ? -result : result;
}

std::optional<int64_t> JavaLongValue(const Value& value) {
  switch (value.kind()) {
    case Value::Kind::Int:
    case Value::Kind::Long: return value.int_value();
    case Value::Kind::BigInt: {
      auto parsed = JavaBigInteger::Parse(value.text());
      if (!parsed) return std::nullopt;
      return LowBits(parsed->negative, parsed->magnitude);
    }
    case Value::Kind::Decimal: {
      auto integer = DecimalIntegerPart(value.text());
      if (!integer) return std::nullopt;
      return LowBits(integer->negative, integer->magnitude);
    }
    case Value::Kind::Double: {
      double v = value.double_value();
      if (std::isnan(v)) return 0;
      if (v >= 9223372036854775807.0) return std::numeric_limits<int64_t>::max();
      if (v <= -9223372036854775808.0) return std::numeric_limits<int64_t>::min();
      return static_cast<int64_t>(v);
    }
    default: return std::nullopt;
  }
}

}  // namespace sqlroute::algorithm
