#pragma once
// Java string semantics over UTF-8 text: lengths and indices count UTF-16 code units,
// hashCode follows String.hashCode, doubles print like Double.toString.
#include <cstdint>
#include <string>
#include <string_view>

namespace sqlroute::expr {

std::u16string ToUtf16(std::string_view utf8);  // invalid bytes become U+FFFD
std::string ToUtf8(std::u16string_view utf16);  // unpaired surrogates become U+FFFD
std::string CharToUtf8(char16_t unit);

int32_t JavaStringHashCode(std::string_view utf8);
int32_t JavaDoubleHashCode(double value);
std::string JavaDoubleToString(double value);

// 1-based character (code point) position of byte `offset` in `text`.
size_t CharacterPosition(std::string_view text, size_t offset);

}  // namespace sqlroute::expr
