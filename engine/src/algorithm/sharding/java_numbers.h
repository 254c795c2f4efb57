#pragma once
// The bits of java.lang.Number / java.math.BigInteger arithmetic the MOD algorithm depends on.
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

#include "sqlroute/value.h"

namespace sqlroute::algorithm {

// A java.math.BigInteger kept as sign and decimal magnitude (no leading zeros; zero is "0").
struct JavaBigInteger {
  bool negative = false;
  std::string magnitude = "0";

  // new BigInteger(text): optional sign, then ASCII digits; nullopt when Java would throw.
  static std::optional<JavaBigInteger> Parse(std::string_view text);
  static JavaBigInteger FromLong(int64_t value);
  // BigInteger.mod: always in [0, modulus).
  int64_t Mod(int64_t modulus) const;
  // The value when it fits in 128 bits.
  std::optional<__int128> ToInt128() const;
};

// ((Number) value).longValue() for Int, Long, BigInt, Decimal and Double values: fractions truncated
// toward zero, then the low 64 bits (BigInteger/BigDecimal) or saturation (double).
// nullopt for values that are not java.lang.Number.
std::optional<int64_t> JavaLongValue(const Value& value);

}  // namespace sqlroute::algorithm
