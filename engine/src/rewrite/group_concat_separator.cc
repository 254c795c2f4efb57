#include "rewrite/group_concat_separator.h"

#include <cctype>

#include "common/strings.h"

namespace sqlroute::rewrite {
namespace {

bool WordChar(char c) { return std::isalnum(static_cast<unsigned char>(c)) || c == '_' || c == '$'; }

// Reads the quoted string starting at `at` (MySQL escapes: doubled quote, backslash).
std::string Unquote(std::string_view text, std::size_t at) {
  char quote = text[at];
  std::string result;
  for (std::size_t i = at + 1; i < text.size(); ++i) {
    char c = text[i];
    if (c == '\\' && i + 1 < text.size()) {
      char next = text[++i];
      switch (next) {
        case 'n': result += '\n'; break;
        case 't': result += '\t'; break;
        case 'r': result += '\r'; break;
        case '0': result += '\0'; break;
        default: result += next;
      }
    } else if (c == quote && i + 1 < text.size() && text[i + 1] == quote) {
      result += quote;
      ++i;
    } else if (c == quote) {
      break;
    } else {
      result += c;
    }
  }
  return result;
}

// The position of `keyword` as a word outside quotes in `call`, or npos.
std::size_t FindKeyword(std::string_view call, std::string_view keyword) {
  char quote = 0;
  for (std::size_t i = 0; i < call.size(); ++i) {
    char c = call[i];
    if (quote != 0) {
      if (c == '\\') ++i;
      else if (c == quote) quote = 0;
      continue;
    }
    if (c == '\'' || c == '"' || c == '`') {
      quote = c;
      continue;
    }
    if ((i == 0 || !WordChar(call[i - 1])) && EqualsIgnoreCase(call.substr(i, keyword.size()), keyword) &&
        i + keyword.size() < call.size() && !WordChar(call[i + keyword.size()])) {
      return i;
    }
  }
  return std::string_view::npos;
}

}  // namespace

std::string GroupConcatSeparator(std::string_view call) {
  constexpr std::string_view kKeyword = "SEPARATOR";
  std::size_t at = FindKeyword(call, kKeyword);
  if (at == std::string_view::npos) return ",";
  at += kKeyword.size();
  while (at < call.size() && std::isspace(static_cast<unsigned char>(call[at]))) ++at;
  if (at < call.size() && (call[at] == '\'' || call[at] == '"')) return Unquote(call, at);
  return ",";
}

bool GroupConcatOrdered(std::string_view call) { return FindKeyword(call, "ORDER") != std::string_view::npos; }

}  // namespace sqlroute::rewrite
