#include "parser/literal_text.h"

#include <cstdlib>

namespace sqlroute::parser {
namespace {

int HexValue(char c) {
  if (c >= '0' && c <= '9') return c - '0';
  if (c >= 'a' && c <= 'f') return c - 'a' + 10;
  return c - 'A' + 10;
}

// The digits of 0x.., X'..', 0b.., B'..'.
std::string_view Digits(std::string_view token) {
  if (token.size() >= 2 && token[0] == '0') return token.substr(2);
  return token.substr(2, token.size() - 3);
}

}  // namespace

std::string DecodeQuoted(std::string_view token) {
  std::string out;
  if (token.size() < 2) return out;
  char quote = token[0];
  std::string_view body = token.substr(1, token.size() - 2);
  out.reserve(body.size());
  for (std::size_t i = 0; i < body.size(); ++i) {
    char c = body[i];
    if (c == quote && i + 1 < body.size() && body[i + 1] == quote) {
      out += quote;
      ++i;
    } else if (c == '\\' && i + 1 < body.size()) {
      char e = body[++i];
      switch (e) {
        case '0': out += '\0'; break;
        case 'b': out += '\b'; break;
        case 'n': out += '\n'; break;
        case 'r': out += '\r'; break;
        case 't': out += '\t'; break;
        case 'Z': out += '\x1A'; break;
        case '%': out += "\\%"; break;  // kept for LIKE patterns, as MySQL does
        case '_': out += "\\_"; break;
        default: out += e;
      }
    } else {
      out += c;
    }
  }
  return out;
}

std::string DecodeIdentifier(std::string_view token) {
  if (token.size() < 2 || token.front() != '`') return std::string(token);
  std::string out;
  std::string_view body = token.substr(1, token.size() - 2);
  for (std::size_t i = 0; i < body.size(); ++i) {
    out += body[i];
    if (body[i] == '`' && i + 1 < body.size() && body[i + 1] == '`') ++i;
  }
  return out;
}

std::string CanonicalDecimal(std::string_view token) {
  std::string text(token);
  if (!text.empty() && text.front() == '.') text.insert(text.begin(), '0');
  if (!text.empty() && text.back() == '.') text.pop_back();
  return text;
}

std::string DecodeHex(std::string_view token) {
  std::string digits(Digits(token));
  if (digits.size() % 2 != 0) digits.insert(digits.begin(), '0');
  std::string out;
  for (std::size_t i = 0; i < digits.size(); i += 2) {
    out += static_cast<char>(HexValue(digits[i]) * 16 + HexValue(digits[i + 1]));
  }
  return out;
}

std::string DecodeBits(std::string_view token) {
  std::string_view digits = Digits(token);
  std::string padded(digits.size() % 8 == 0 ? 0 : 8 - digits.size() % 8, '0');
  padded.append(digits);
  std::string out;
  for (std::size_t i = 0; i < padded.size(); i += 8) {
    unsigned value = 0;
    for (std::size_t k = i; k < i + 8; ++k) value = value * 2 + (padded[k] == '1');
    out += static_cast<char>(value);
  }
  return out;
}

Value Negate(const Value& value) {
  auto flip = [](const std::string& text) {
    return text.empty() || text[0] != '-' ? "-" + text : text.substr(1);
  };
  switch (value.kind()) {
    case Value::Kind::Int:
    case Value::Kind::Long: return Value::Integer(flip(std::to_string(value.int_value())));
    case Value::Kind::BigInt: return Value::Integer(flip(value.text()));
    case Value::Kind::Decimal: return Value::Decimal(flip(value.text()));
    case Value::Kind::Double: return Value::Double(-value.double_value());
    default: return value;
  }
}

}  // namespace sqlroute::parser
