#include "parser/nesting_scan.h"

#include <algorithm>
#include <array>
#include <cstdint>

namespace sqlroute::parser {
namespace {

// What a byte can start, looked up in one table: most bytes of a statement (digits, letters,
// spaces, commas) then cost a single lookup.
enum ByteClass : uint8_t { kOther, kQuote, kHash, kDash, kSlash, kSpace, kColon, kOpen, kClose, kPrefix, kWord };

constexpr std::array<uint8_t, 256> kClasses = [] {
  std::array<uint8_t, 256> table{};
  for (int c = 0; c < 256; ++c) {
    bool word = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_' || c == '$' ||
                c >= 0x80;
    uint8_t kind = word ? kWord : kOther;
    if (c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f' || c == '\v') kind = kSpace;
    if (c == '\'' || c == '"' || c == '`') kind = kQuote;
    if (c == '#') kind = kHash;
    if (c == '-') kind = kDash;
    if (c == '/') kind = kSlash;
    if (c == ':') kind = kColon;
    if (c == '(' || c == '{') kind = kOpen;
    if (c == ')' || c == '}') kind = kClose;
    if (c == '!' || c == '+' || c == '~') kind = kPrefix;
    table[static_cast<std::size_t>(c)] = kind;
  }
  return table;
}();

ByteClass ClassOf(char c) { return static_cast<ByteClass>(kClasses[static_cast<unsigned char>(c)]); }

bool WordIs(std::string_view word, std::string_view keyword) {
  if (word.size() != keyword.size()) return false;
  for (std::size_t i = 0; i < word.size(); ++i) {
    char c = word[i] >= 'a' && word[i] <= 'z' ? static_cast<char>(word[i] - 'a' + 'A') : word[i];
    if (c != keyword[i]) return false;
  }
  return true;
}

}  // namespace

Nesting ScanNesting(std::string_view sql, const std::vector<PlainStretch>& plain) {
  Nesting result;
  auto next_plain = plain.begin();
  int parens = 0;
  int cases = 0;
  int run = 0;
  std::size_t i = 0;
  const std::size_t n = sql.size();
  auto skip_line = [&] {
    while (i < n && sql[i] != '\n') ++i;
  };
  auto prefix = [&] {
    result.prefix_run = std::max(result.prefix_run, ++run);
    ++i;
  };
  auto other = [&] {
    run = 0;
    ++i;
  };
  while (i < n) {
    while (next_plain != plain.end() && next_plain->begin < i) ++next_plain;  // passed inside a comment or quote
    if (next_plain != plain.end() && next_plain->begin == i) {
      i = (next_plain++)->end;
      continue;
    }
    switch (ClassOf(sql[i])) {
      case kSpace: ++i; break;
      case kQuote:
        i = QuotedEnd(sql, i);
        run = 0;
        break;
      case kHash: skip_line(); break;
      case kDash:
        if (i + 2 < n && sql[i + 1] == '-' && ClassOf(sql[i + 2]) == kSpace) {
          skip_line();
        } else {
          prefix();
        }
        break;
      case kSlash:
        if (i + 1 < n && sql[i + 1] == '*' && (i + 2 >= n || sql[i + 2] != '!')) {
          std::size_t end = sql.find("*/", i + 2);
          i = end == std::string_view::npos ? n : end + 2;
        } else {
          other();
        }
        break;
      case kColon:
        if (i + 1 < n && sql[i + 1] == '=') {
          ++result.right_chains;
          run = 0;
          i += 2;
        } else {
          other();
        }
        break;
      case kOpen:
        ++parens;
        result.depth = std::max(result.depth, parens + cases);
        other();
        break;
      case kClose:
        parens = std::max(0, parens - 1);
        other();
        break;
      case kPrefix: prefix(); break;
      case kWord: {
        std::size_t start = i;
        while (i < n && ClassOf(sql[i]) == kWord) ++i;
        std::string_view word = sql.substr(start, i - start);
        if (word[0] >= '0' && word[0] <= '9') {  // a number: no keyword
          run = 0;
          break;
        }
        if (WordIs(word, "NOT") || WordIs(word, "BINARY")) {
          result.prefix_run = std::max(result.prefix_run, ++run);
          break;
        }
        run = 0;
        if (WordIs(word, "INTERVAL") || WordIs(word, "JOIN")) ++result.right_chains;
        if (WordIs(word, "CASE")) {
          ++cases;
          result.depth = std::max(result.depth, parens + cases);
        } else if (WordIs(word, "END")) {
          cases = std::max(0, cases - 1);
        }
        break;
      }
      default: other(); break;
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
