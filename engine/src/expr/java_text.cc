#include "expr/java_text.h"

#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>

namespace sqlroute::expr {
namespace {

constexpr char32_t kReplacement = 0xFFFD;

// Decodes one code point starting at text[*i] and advances *i.
char32_t DecodeUtf8(std::string_view text, size_t* i) {
  unsigned char lead = static_cast<unsigned char>(text[*i]);
  int length = lead < 0x80 ? 1 : (lead >> 5) == 0x6 ? 2 : (lead >> 4) == 0xE ? 3 : (lead >> 3) == 0x1E ? 4 : 0;
  if (length == 0 || *i + length > text.size()) {
    ++*i;
    return kReplacement;
  }
  char32_t code = length == 1 ? lead : lead & (0x7F >> length);
  for (int k = 1; k < length; ++k) {
    unsigned char next = static_cast<unsigned char>(text[*i + k]);
    if ((next & 0xC0) != 0x80) {
      ++*i;
      return kReplacement;
    }
    code = (code << 6) | (next & 0x3F);
  }
  *i += length;
  return code > 0x10FFFF || (code >= 0xD800 && code <= 0xDFFF) ? kReplacement : code;
}

void AppendUtf8(char32_t code, std::string* out) {
  if (code < 0x80) {
    *out += static_cast<char>(code);
  } else if (code < 0x800) {
    *out += static_cast<char>(0xC0 | (code >> 6));
    *out += static_cast<char>(0x80 | (code & 0x3F));
  } else if (code < 0x10000) {
    *out += static_cast<char>(0xE0 | (code >> 12));
    *out += static_cast<char>(0x80 | ((code >> 6) & 0x3F));
    *out += static_cast<char>(0x80 | (code & 0x3F));
  } else {
    *out += static_cast<char>(0xF0 | (code >> 18));
    *out += static_cast<char>(0x80 | ((code >> 12) & 0x3F));
    *out += static_cast<char>(0x80 | ((code >> 6) & 0x3F));
    *out += static_cast<char>(0x80 | (code & 0x3F));
  }
}

}  // namespace

std::u16string ToUtf16(std::string_view utf8) {
  std::u16string result;
  result.reserve(utf8.size());
  for (size_t i = 0; i < utf8.size();) {
    char32_t code = DecodeUtf8(utf8, &i);
    if (code >= 0x10000) {
      code -= 0x10000;
      result += static_cast<char16_t>(0xD800 + (code >> 10));
      result += static_cast<char16_t>(0xDC00 + (code & 0x3FF));
    } else {
      result += static_cast<char16_t>(code);
    }
  }
  return result;
}

std::string ToUtf8(std::u16string_view utf16) {
  std::string result;
  result.reserve(utf16.size());
  for (size_t i = 0; i < utf16.size(); ++i) {
    char32_t unit = utf16[i];
    if (unit >= 0xD800 && unit <= 0xDBFF && i + 1 < utf16.size() && utf16[i + 1] >= 0xDC00 &&
        utf16[i + 1] <= 0xDFFF) {
      AppendUtf8(0x10000 + ((unit - 0xD800) << 10) + (utf16[++i] - 0xDC00), &result);
    } else {
      AppendUtf8(unit >= 0xD800 && unit <= 0xDFFF ? kReplacement : unit, &result);
    }
  }
  return result;
}

std::string CharToUtf8(char16_t unit) { return ToUtf8(std::u16string_view(&unit, 1)); }

int32_t JavaStringHashCode(std::string_view utf8) {
  uint32_t hash = 0;
  size_t i = 0;
  while (i < utf8.size() && static_cast<unsigned char>(utf8[i]) < 0x80) hash = 31 * hash + utf8[i++];
  if (i < utf8.size()) {
    for (char16_t unit : ToUtf16(utf8.substr(i))) hash = 31 * hash + unit;
  }
  return static_cast<int32_t>(hash);
}

int32_t JavaDoubleHashCode(double value) {
  uint64_t bits;
  if (std::isnan(value)) {
    bits = 0x7ff8000000000000ULL;  // Double.doubleToLongBits canonical NaN
  } else {
    std::memcpy(&bits, &value, sizeof bits);
  }
  return static_cast<int32_t>(bits ^ (bits >> 32));
}

std::string JavaDoubleToString(double value) {
  if (std::isnan(value)) return "NaN";
  if (std::isinf(value)) return value > 0 ? "Infinity" : "-Infinity";
  if (value == 0) return std::signbit(value) ? "-0.0" : "0.0";
  // Shortest significant digits that read back as the same double.
  char buf[64];
  for (int precision = 1; precision <= 17; ++precision) {
    std::snprintf(buf, sizeof buf, "%.*e", precision - 1, value);
    if (std::strtod(buf, nullptr) == value) break;
  }
  std::string text = buf;
  std::string sign = text[0] == '-' ? "-" : "";
  if (!sign.empty()) text.erase(0, 1);
  size_t e = text.find('e');
  int exponent = std::atoi(text.c_str() + e + 1);
  std::string digits = text.substr(0, 1) + (e > 2 ? text.substr(2, e - 2) : "");
  double magnitude = std::fabs(value);
  if (magnitude >= 1e-3 && magnitude < 1e7) {
    if (exponent < 0) return sign + "0." + std::string(-exponent - 1, '0') + digits;
    if (digits.size() <= static_cast<size_t>(exponent) + 1) digits.append(exponent + 1 - digits.size(), '0');
    std::string fraction = digits.substr(exponent + 1);
    return sign + digits.substr(0, exponent + 1) + "." + (fraction.empty() ? "0" : fraction);
  }
  return sign + digits.substr(0, 1) + "." + (digits.size() > 1 ? digits.substr(1) : "0") + "E" +
         std::to_string(exponent);
}

size_t CharacterPosition(std::string_view text, size_t offset) {
  size_t position = 1;
  for (size_t i = 0; i < offset && i < text.size(); ++i) {
    if ((static_cast<unsigned char>(text[i]) & 0xC0) != 0x80) ++position;
  }
  return position;
}

}  // namespace sqlroute::expr
