#include "parser/nesting_scan.h"

#include <algorithm>

namespace sqlroute::parser {
namespace {

// Plain ASCII tests: the <cctype> ones consult the locale on every character.
bool IsWordChar(char c) {
  return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_' || c == '$' ||
         static_cast<unsigned char>(c) >= 0x80;
}

bool IsSpace(char c) { return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f' || c == '\v'; }

bool WordIs(std::string_view word, std::string_view keyword) {
  if (word.size() != keyword.size()) return false;
  for (std::size_t i = 0; i < word.size(); ++i) {
    char c = word[i] >= 'a' && word[i] <= 'z' ? static_cast<char>(word[i] - 'a' + 'A') : word[i];
    if (c != keyword[i]) return false;
  }
  return true;
}


}  // namespace

Nesting ScanNesting(std::string_view sql) {
  Nesting result;
  int parens = 0;
  int cases = 0;
  int run = 0;
  std::size_t i = 0;
  const std::size_t n = sql.size();
  while (i < n) {
    char c = sql[i];
    if (c == '\'' || c == '"' || c == '`') {
      i = QuotedEnd(sql, i);
      run = 0;
    } else if (c == '#' || (c == '-' && i + 2 < n && sql[i + 1] == '-' && IsSpace(sql[i + 2]))) {
      while (i < n && sql[i] != '\n') ++i;
    } else if (c == '/' && i + 1 < n && sql[i + 1] == '*' && (i + 2 >= n || sql[i + 2] != '!')) {
      std::size_t end = sql.find("*/", i + 2);
      i = end == std::string_view::npos ? n : end + 2;
    } else if (IsSpace(c)) {
      ++i;
    } else if (c == ':' && i + 1 < n && sql[i + 1] == '=') {
      ++result.right_chains;
      run = 0;
      i += 2;
    } else if (c == '(' || c == '{') {
      ++parens;
      result.depth = std::max(result.depth, parens + cases);
      run = 0;
      ++i;
    } else if (c == ')' || c == '}') {
      parens = std::max(0, parens - 1);
      run = 0;
      ++i;
    } else if (c == '!' || c == '-' || c == '+' || c == '~') {
      result.prefix_run = std::max(result.prefix_run, ++run);
      ++i;
    } else if (IsWordChar(c)) {
      std::size_t start = i;
      while (i < n && IsWordChar(sql[i])) ++i;
      std::string_view word = sql.substr(start, i - start);
      if (WordIs(word, "NOT") || WordIs(word, "BINARY")) {
        result.prefix_run = std::max(result.prefix_run, ++run);
        continue;
      }
      run = 0;
      if (WordIs(word, "INTERVAL") || WordIs(word, "JOIN")) ++result.right_chains;
      if (WordIs(word, "CASE")) {
        ++cases;
        result.depth = std::max(result.depth, parens + cases);
      } else if (WordIs(word, "END")) {
        cases = std::max(0, cases - 1);
      }
    } else {
      run = 0;
      ++i;
    }
  }
  return result;
}

std::size_t QuotedEnd(std::string_view sql, std::size_t i) {
  char quote = sql[i++];
  while (i < sql.size()) {
    char c = sql[i];
    if (c == '\\' && quote != '`') {
      i += 2;
    } else if (c == quote) {
      if (i + 1 < sql.size() && sql[i + 1] == quote) {
        i += 2;
      } else {
        return i + 1;
      }
    } else {
      ++i;
    }
  }
  return sql.size() + 1;
}

}  // namespace sqlroute::parser
