#pragma once
// Java regular expressions (java.util.regex) on top of std::wregex (ECMAScript), for the
// constructs configs use: classes, quantifiers, groups, alternation, anchors. Translated:
// a leading (?i) (ASCII case folding, as Java's default), named groups (?<name>...), \A, \z,
// \Z and \Q...\E quoting. Rejected: \p{...}/\P{...} classes, other inline flags, and
// whatever std::regex cannot compile (lookbehind, possessive quantifiers, ...).
#include <regex>
#include <string>

namespace sqlroute::shadow {

class JavaRegex {
 public:
  // Throws Error(CONFIG_ALGORITHM_PROPS) with a reason when the pattern cannot be supported.
  explicit JavaRegex(const std::string& pattern);
  // Pattern.matcher(text).matches(): the whole text, by code points.
  bool MatchesWhole(const std::string& text) const;

 private:
  std::wregex regex_;
};

}  // namespace sqlroute::shadow
