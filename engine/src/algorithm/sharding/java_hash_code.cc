#include "algorithm/sharding/java_hash_code.h"

#include <cstring>
#include <string>
#include <string_view>
#include <vector>

#include "algorithm/sharding/java_numbers.h"

namespace sqlroute::algorithm {
namespace {

int32_t LongHash(int64_t v) {
  auto bits = static_cast<uint64_t>(v);
  return static_cast<int32_t>(static_cast<uint32_t>(bits ^ (bits >> 32)));
}

// BigInteger.hashCode(): over the big-endian 32-bit words of the magnitude, times the signum.
uint32_t BigIntegerHash(const JavaBigInteger& value) {
  std::vector<uint32_t> words;  // little-endian
  for (char c : value.magnitude) {
    uint64_t carry = static_cast<uint64_t>(c - '0');
    for (auto& word : words) {
      uint64_t next = static_cast<uint64_t>(word) * 10 + carry;
      word = static_cast<uint32_t>(next);
      carry = next >> 32;
    }
    if (carry) words.push_back(static_cast<uint32_t>(carry));
  }
  uint32_t hash = 0;
  for (auto it = words.rbegin(); it != words.rend(); ++it) hash = 31 * hash + *it;
  return value.negative ? 0u - hash : hash;
}

// BigDecimal.hashCode() = 31 * unscaledValue().hashCode() + scale, for texts like "-1.50" or "1E+3".
std::optional<uint32_t> BigDecimalHash(std::string_view text) {
  std::string unscaled;
  if (!text.empty() && (text[0] == '-' || text[0] == '+')) {
    if (text[0] == '-') unscaled += '-';
    text.remove_prefix(1);
  }
  long scale = 0;
  auto e = text.find_first_of("eE");
  if (e != std::string_view::npos) {
    auto exponent = JavaBigInteger::Parse(text.substr(e + 1));
    if (!exponent || exponent->magnitude.size() > 9) return std::nullopt;
    scale = -std::stol(exponent->magnitude) * (exponent->negative ? -1 : 1);
    text = text.substr(0, e);
  }
  auto point = text.find('.');
  if (point != std::string_view::npos) {
    scale += static_cast<long>(text.size() - point - 1);
    unscaled += std::string(text.substr(0, point)) + std::string(text.substr(point + 1));
  } else {
    unscaled += std::string(text);
  }
  auto parsed = JavaBigInteger::Parse(unscaled);
  if (!parsed) return std::nullopt;
  return 31 * BigIntegerHash(*parsed) + static_cast<uint32_t>(scale);
}

// String.hashCode() over the UTF-16 code units of UTF-8 text; malformed bytes count as U+FFFD.
uint32_t StringHash(const std::string& text) {
  uint32_t hash = 0;
  auto add = [&hash](uint32_t unit) { hash = 31 * hash + unit; };
  for (std::size_t i = 0; i < text.size();) {
    auto lead = static_cast<unsigned char>(text[i]);
    int length = lead < 0x80 ? 1 : (lead >> 5) == 0x6 ? 2 : (lead >> 4) == 0xE ? 3 : (lead >> 3) == 0x1E ? 4 : 0;
    uint32_t code = length == 1 ? lead : length == 2 ? (lead & 0x1F) : length == 3 ? (lead & 0x0F) : (lead & 0x07);
    bool valid = length > 0 && i + length <= text.size();
    for (int k = 1; valid && k < length; ++k) {
      auto next = static_cast<unsigned char>(text[i + k]);
      valid = (next & 0xC0) == 0x80;
      code = (code << 6) | (next & 0x3F);
    }
    if (!valid) {
      add(0xFFFD);
      ++i;
      continue;
    }
    if (code >= 0x10000) {
      code -= 0x10000;
      add(0xD800 + (code >> 10));
      add(0xDC00 + (code & 0x3FF));
    } else {
      add(code);
    }
    i += length;
  }
  return hash;
}

}  // namespace

std::optional<int32_t> JavaHashCode(const Value& value) {
  switch (value.kind()) {
    case Value::Kind::Bool: return value.int_value() ? 1231 : 1237;
    case Value::Kind::Int: return static_cast<int32_t>(value.int_value());
    case Value::Kind::Long: return LongHash(value.int_value());
    case Value::Kind::BigInt: {
      auto parsed = JavaBigInteger::Parse(value.text());
      if (!parsed) return std::nullopt;
      return static_cast<int32_t>(BigIntegerHash(*parsed));
    }
    case Value::Kind::Decimal: {
      auto hash = BigDecimalHash(value.text());
      if (!hash) return std::nullopt;
      return static_cast<int32_t>(*hash);
    }
    case Value::Kind::Double: {
      double v = value.double_value();
      uint64_t bits = 0x7ff8000000000000ULL;  // Double.doubleToLongBits' canonical NaN
      if (v == v) std::memcpy(&bits, &v, sizeof bits);
      return LongHash(static_cast<int64_t>(bits));
    }
    case Value::Kind::String: return static_cast<int32_t>(StringHash(value.text()));
    default: return std::nullopt;
  }
}

}  // namespace sqlroute::algorithm
