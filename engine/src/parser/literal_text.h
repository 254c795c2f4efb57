#pragma once
// Decoding of literal and identifier token text as MySQL reads it.
#include <string>
#include <string_view>

#include "sqlroute/value.h"

namespace sqlroute::parser {

// 'it''s' or "a\nb" (quotes included) -> the string value, escapes decoded.
std::string DecodeQuoted(std::string_view token);
// `a``b` -> a`b; other identifiers unchanged.
std::string DecodeIdentifier(std::string_view token);
// 1.50, .5, 1. -> the decimal's canonical text (0.5, 1).
std::string CanonicalDecimal(std::string_view token);
// 0x0f, X'0F', 0b101, B'101' -> the bytes they denote.
std::string DecodeHex(std::string_view token);
std::string DecodeBits(std::string_view token);
// Negation of a numeric literal value: -7, -1.5, ...
Value Negate(const Value& value);

}  // namespace sqlroute::parser
