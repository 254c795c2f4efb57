#pragma once
// Small string helpers shared by the stages.
#include <string>
#include <string_view>
#include <vector>

namespace sqlroute {

// Case folding is ASCII-only, as std::tolower in the "C" locale, whatever the process locale.
inline int AsciiLower(char c) {
  auto byte = static_cast<unsigned char>(c);
  return byte >= 'A' && byte <= 'Z' ? byte + ('a' - 'A') : byte;
}
std::string ToLower(std::string_view text);
std::string ToUpper(std::string_view text);
bool EqualsIgnoreCase(std::string_view a, std::string_view b);
std::string Trim(std::string_view text);
std::vector<std::string> SplitTrimmed(std::string_view text, char separator);  // empty items dropped
std::string Join(const std::vector<std::string>& items, std::string_view separator);
// Java's String.CASE_INSENSITIVE_ORDER.
bool LessIgnoreCase(std::string_view a, std::string_view b);
// `to = from`, cheaper when `to` holds that text already (a reused plan routed again alike).
inline void Overwrite(std::string& to, const std::string& from) {
  if (to.size() != from.size() || to.compare(from) != 0) to = from;
}

}  // namespace sqlroute
