#pragma once
// Parameter and hint values read from fuzz bytes: a kind byte, then the value's bytes.
// tests/fuzz/make_seeds.py writes the same encoding.
#include <string>

#include "fuzz_input.h"
#include "sqlroute/value.h"

namespace sqlroute::fuzz {

inline std::string Digits(const std::string& bytes) {
  std::string digits;
  for (char c : bytes) digits += static_cast<char>('0' + static_cast<unsigned char>(c) % 10);
  return digits.empty() ? "0" : digits;
}

inline Value ReadValue(FuzzInput& in) {
  switch (in.Byte() % 9) {
    case 0: return Value::Null();
    case 1: return Value::Int(in.Number<int32_t>());
    case 2: return Value::Long(in.Number<int64_t>());
    case 3: return Value::String(in.ShortString());
    case 4: return Value::Double(in.Number<double>());
    case 5: return Value::Bool(in.Byte() & 1);
    case 6: return Value::BigInt((in.Byte() & 1 ? "-" : "") + Digits(in.ShortString()));
    case 7: return Value::Decimal(Digits(in.ShortString()) + "." + Digits(in.ShortString()));
    default: {
      int day = 1 + in.Byte() % 28;
      return Value::Date("2024-01-" + std::string(day < 10 ? "0" : "") + std::to_string(day));
    }
  }
}

}  // namespace sqlroute::fuzz
