#include "algorithm/shadow/java_regex.h"

#include "common/text_codec.h"
#include "sqlroute/error_text.h"

namespace sqlroute::shadow {

namespace {

static_assert(sizeof(wchar_t) == sizeof(char32_t), "code points must fit in wchar_t");

std::wstring Wide(const std::string& utf8) {
  std::u32string code_points = Utf8ToUtf32(utf8);
  return std::wstring(code_points.begin(), code_points.end());
}

bool IsRegexSyntaxChar(wchar_t c) { return std::wstring(L"\\^$.|?*+()[]{}/").find(c) != std::wstring::npos; }

// Rewrites the Java-only constructs into ECMAScript; `icase` is set by a leading (?i).
std::wstring ToEcmaScript(const std::wstring& java, bool& icase) {
  std::wstring pattern = java;
  icase = pattern.rfind(L"(?i)", 0) == 0;
  if (icase) pattern.erase(0, 4);
  std::wstring result;
  bool in_class = false;
  // After a quantifier Java allows one '?' (lazy) or '+' (possessive, unsupported here);
  // anything else quantifying a quantifier is an error there and must not compile here.
  enum { kNone, kQuantifier, kLazyQuantifier } quantifier = kNone;
  for (std::size_t i = 0; i < pattern.size(); ++i) {
    wchar_t c = pattern[i];
    wchar_t next = i + 1 < pattern.size() ? pattern[i + 1] : L'\0';
    bool quantifies = !in_class && (c == L'*' || c == L'+' || c == L'?' || c == L'{');
    if (quantifies && quantifier != kNone) {
      if (quantifier == kQuantifier && c == L'?') {
        quantifier = kLazyQuantifier;
        result += c;
        continue;
      }
      if (quantifier == kQuantifier && c == L'+') throw Error(Message<msg::RegexPossessiveQuantifier>());
      throw Error(Message<msg::RegexDanglingQuantifier>());
    }
    quantifier = quantifies && c != L'{' ? kQuantifier : (!in_class && c == L'}' ? kQuantifier : kNone);
    if (c == L'\\') {
      if (next == L'p' || next == L'P') throw Error(Message<msg::RegexPropertyClass>());
      if (next == L'Q') {
        std::size_t end = pattern.find(L"\\E", i + 2);
        std::size_t stop = end == std::wstring::npos ? pattern.size() : end;
        for (std::size_t k = i + 2; k < stop; ++k) {
          if (IsRegexSyntaxChar(pattern[k])) result += L'\\';
          result += pattern[k];
        }
        i = end == std::wstring::npos ? pattern.size() : end + 1;
        continue;
      }
      if (!in_class && next == L'A') { result += L'^'; ++i; continue; }
      if (!in_class && (next == L'z' || next == L'Z')) { result += L'$'; ++i; continue; }
      result += c;
      if (next != L'\0') result += next;
      ++i;
      continue;
    }
    if (in_class) {
      if (c == L']') in_class = false;
      result += c;
      continue;
    }
    if (c == L'[') {
      in_class = true;
      result += c;
      if (next == L'^') { result += next; ++i; }
      if (i + 1 < pattern.size() && pattern[i + 1] == L']') { result += L"\\]"; ++i; }  // leading ']' is literal in Java
      continue;
    }
    if (c == L'(' && next == L'?') {
      wchar_t kind = i + 2 < pattern.size() ? pattern[i + 2] : L'\0';
      wchar_t after = i + 3 < pattern.size() ? pattern[i + 3] : L'\0';
      if (kind == L'<' && after != L'=' && after != L'!') {
        std::size_t close = pattern.find(L'>', i + 3);
        if (close == std::wstring::npos) throw Error(Message<msg::RegexNamedGroupUnterminated>());
        result += L'(';
        i = close;
        continue;
      }
      if (kind != L':' && kind != L'=' && kind != L'!' && kind != L'<') {
        throw Error(Message<msg::RegexGroupUnsupported>(arg::kind = static_cast<char>(kind)));
      }
    }
    result += c;
  }
  return result;
}

}  // namespace

JavaRegex::JavaRegex(const std::string& pattern) {
  bool icase = false;
  std::wstring translated = ToEcmaScript(Wide(pattern), icase);
  auto flags = std::regex_constants::ECMAScript | std::regex_constants::optimize;
  if (icase) flags |= std::regex_constants::icase;
  try {
    regex_.assign(translated, flags);
  } catch (const std::regex_error& error) {
    throw Error(Message<msg::AlgorithmPropsRejected>(arg::detail = error.what()));
  }
}

bool JavaRegex::MatchesWhole(const std::string& text) const { return std::regex_match(Wide(text), regex_); }

}  // namespace sqlroute::shadow
