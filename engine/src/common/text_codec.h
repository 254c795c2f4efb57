#pragma once
// Text and byte encodings shared by the encryptors and the shadow regex: UTF-8 <-> UTF-16 as
// Java strings see them, lowercase hex, standard padded Base64 and Java's String.trim().
#include <optional>
#include <string>
#include <string_view>

namespace sqlroute {

// UTF-8 to UTF-16 code units; malformed bytes become U+FFFD as Java's decoder does.
// Appends the UTF-8 encoding of one code point.
void AppendUtf8(std::string& out, char32_t cp);
std::u16string Utf8ToUtf16(std::string_view text);
// UTF-8 to code points; malformed bytes become U+FFFD.
std::u32string Utf8ToUtf32(std::string_view text);
// UTF-16 to UTF-8; an unpaired surrogate becomes '?' as Java's String.getBytes(UTF_8) does.
std::string Utf16ToUtf8(std::u16string_view text);
// Bytes decoded the way `new String(bytes, UTF_8)` would: malformed sequences become U+FFFD.
std::string SanitizeUtf8(std::string_view bytes);
// Number of UTF-16 code units in UTF-8 text (Java's String.length()).
std::size_t JavaLength(std::string_view text);

std::string HexEncode(std::string_view bytes);  // lowercase
// Hex digits of either case, even count; nullopt otherwise.
std::optional<std::string> HexDecode(std::string_view hex);

std::string Base64Encode(std::string_view bytes);  // standard alphabet, padded, no line breaks
// Strict standard Base64 (padding optional, as java.util.Base64's decoder); nullopt when invalid.
std::optional<std::string> Base64Decode(std::string_view text);

// Java's String.trim(): strips leading and trailing chars <= ' '.
std::string_view JavaTrim(std::string_view text);

}  // namespace sqlroute
