#include "parser/value_runs.h"
#include "parser/nesting_scan.h"

#include <array>
#include <cstdint>
#include <optional>

namespace sqlroute::parser {
namespace {

constexpr std::size_t kMinRunItems = 8;  // IN items
constexpr std::size_t kMinRunRows = 4;   // VALUES rows
constexpr std::size_t kIntDigits = 9;    // an integer this long always fits an Int

// Byte classes, looked up in one table.
enum : uint8_t { kSpace = 1, kDigit = 2, kWordChar = 4 };

constexpr std::array<uint8_t, 256> kClasses = [] {
  std::array<uint8_t, 256> table{};
  for (int c = 0; c < 256; ++c) {
    bool digit = c >= '0' && c <= '9';
    bool word = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || digit || c == '_' || c == '$' || c >= 0x80;
    bool space = c == ' ' || c == '\t' || c == '\r' || c == '\n' || c == '\f' || c == '\v';
    table[static_cast<std::size_t>(c)] = (space ? kSpace : 0) | (digit ? kDigit : 0) | (word ? kWordChar : 0);
  }
  return table;
}();

bool Is(char c, uint8_t classes) { return kClasses[static_cast<unsigned char>(c)] & classes; }
bool IsSpace(char c) { return Is(c, kSpace); }
bool IsDigit(char c) { return Is(c, kDigit); }
bool IsWordChar(char c) { return Is(c, kWordChar); }

bool WordIs(std::string_view word, std::string_view upper) {
  if (word.size() != upper.size()) return false;
  for (std::size_t i = 0; i < word.size(); ++i) {
    char c = word[i];
    if (c >= 'a' && c <= 'z') c = static_cast<char>(c - 'a' + 'A');
    if (c != upper[i]) return false;
  }
  return true;
}

class Scanner {
 public:
  explicit Scanner(std::string_view sql) : sql_(sql) {}

  std::optional<std::vector<ValueRun>> Scan() {
    std::vector<ValueRun> runs;
    std::string_view previous, before_previous;  // the last two words ("" for other tokens)
    std::size_t i = 0;
    const std::size_t n = sql_.size();
    while (i < n) {
      char c = sql_[i];
      std::string_view word;
      if (IsSpace(c)) {
        ++i;
        continue;
      }
      if (c == '/' && i + 1 < n && sql_[i + 1] == '*') {
        if (i + 2 < n && sql_[i + 2] == '!') return std::nullopt;
        std::size_t end = sql_.find("*/", i + 2);
        i = end == std::string_view::npos ? n : end + 2;
        continue;
      }
      bool dashes = c == '-' && i + 1 < n && sql_[i + 1] == '-';
      if (c == '#' || (dashes && (i + 2 == n || std::string_view(" \t\r\n").find(sql_[i + 2]) != std::string_view::npos))) {
        while (i < n && sql_[i] != '\n' && sql_[i] != '\r') ++i;
        continue;
      }
      if (c == '\'' || c == '"' || c == '`') {
        i = QuotedEnd(sql_, i);
      } else if (IsWordChar(c)) {
        std::size_t start = i;
        while (i < n && IsWordChar(sql_[i])) ++i;
        word = sql_.substr(start, i - start);
      } else if (c == '(') {
        std::optional<ValueRun> run;
        if (WordIs(previous, "IN") && !WordIs(before_previous, "VALUES")) run = InItems(i);
        if (WordIs(previous, "VALUES") || WordIs(previous, "VALUE")) run = Rows(i);
        if (run) {
          i = run->end;
          runs.push_back(std::move(*run));
        } else {
          ++i;
        }
      } else {
        ++i;
      }
      before_previous = previous;
      previous = word;
    }
    return runs;
  }

 private:
  std::size_t SkipSpaces(std::size_t i) const {
    while (i < sql_.size() && IsSpace(sql_[i])) ++i;
    return i;
  }

  // One simple value starting at `i` (after spaces) into `value`; sets `i` just past it. Written
  // in place, not returned: route/sharding/in_100000_values scans 100,000 of them.
  bool Value(std::size_t& next, SimpleValue& value) const {
    std::size_t i = SkipSpaces(next);  // a local: `next` is written once, not per byte
    const std::size_t n = sql_.size();
    if (i >= n) return false;
    std::size_t start = i;
    char c = sql_[i];
    if (c == '?') {
      ++i;
    } else if (c == '\'' || c == '"') {
      i = QuotedEnd(sql_, i);
      if (i > n) return false;
      value.kind = SimpleKind::String;
    } else if (IsDigit(c) || (c == '-' && i + 1 < n && IsDigit(sql_[i + 1]))) {
      value.negated = c == '-';
      if (value.negated) ++i;
      std::size_t digits = i;
      uint32_t magnitude = 0;  // wraps for long numbers: kept only when short
      for (; i < n && IsDigit(sql_[i]); ++i) magnitude = magnitude * 10 + static_cast<uint32_t>(sql_[i] - '0');
      value.kind = SimpleKind::Integer;
      if (i < n && sql_[i] == '.') {
        value.kind = SimpleKind::Decimal;
        ++i;
        while (i < n && IsDigit(sql_[i])) ++i;
      } else if (i - digits <= kIntDigits) {
        value.magnitude = static_cast<int32_t>(magnitude);
      }
      if (i < n && (IsWordChar(sql_[i]) || sql_[i] == '.')) return false;  // 1e5, 0x1f, 1abc, 1.2.3
    } else if (IsWordChar(c)) {
      while (i < n && IsWordChar(sql_[i])) ++i;
      std::string_view word = sql_.substr(start, i - start);
      if (WordIs(word, "NULL")) {
        value.kind = SimpleKind::Null;
      } else if (WordIs(word, "TRUE")) {
        value.kind = SimpleKind::True;
      } else if (WordIs(word, "FALSE")) {
        value.kind = SimpleKind::False;
      } else {
        return false;
      }
    } else {
      return false;
    }
    value.span = {static_cast<uint32_t>(start), static_cast<uint32_t>(i)};
    next = i;
    return true;
  }

  // Values separated by commas up to the closing parenthesis; `i` is just past the opening one
  // and ends just past the closing one. On failure `values` may hold a partial list.
  bool List(std::size_t& next, std::vector<SimpleValue>& values, bool allow_empty) const {
    std::size_t after_open = SkipSpaces(next);
    if (allow_empty && after_open < sql_.size() && sql_[after_open] == ')') {
      next = after_open + 1;
      return true;
    }
    std::size_t i = next;
    while (true) {
      if (!Value(i, values.emplace_back(SimpleValue{SimpleKind::Param, {}, false, -1}))) return false;
      i = SkipSpaces(i);
      if (i >= sql_.size()) return false;
      if (sql_[i] == ')') {
        next = i + 1;
        return true;
      }
      if (sql_[i] != ',') return false;
      ++i;
    }
  }

  std::optional<ValueRun> InItems(std::size_t open) const {
    std::size_t i = open + 1;
    SimpleValue first{SimpleKind::Param, {}, false, -1};  // ANTLR parses it: the run is the rest
    if (!Value(i, first)) return std::nullopt;
    i = SkipSpaces(i);
    if (i >= sql_.size() || sql_[i] != ',') return std::nullopt;
    ++i;
    ValueRun run{ValueRun::Kind::InItems, first.span.end, 0, {}, {}, {}};
    if (!List(i, run.values, false) || run.values.size() + 1 < kMinRunItems) return std::nullopt;
    run.end = run.values.back().span.end;
    return run;
  }

  std::optional<ValueRun> Rows(std::size_t open) const {
    ValueRun run{ValueRun::Kind::Rows, 0, 0, {}, {}, {}};
    std::vector<SimpleValue> first;
    std::size_t i = open + 1;
    if (!List(i, first, true)) return std::nullopt;
    run.anchor = static_cast<uint32_t>(i);
    while (true) {
      std::size_t comma = SkipSpaces(i);
      if (comma >= sql_.size() || sql_[comma] != ',') break;
      std::size_t row_open = SkipSpaces(comma + 1);
      if (row_open >= sql_.size() || sql_[row_open] != '(') break;
      std::size_t row_end = row_open + 1;
      std::size_t kept = run.values.size();
      if (!List(row_end, run.values, true)) {
        run.values.resize(kept);
        break;
      }
      run.rows.push_back({static_cast<uint32_t>(row_open), static_cast<uint32_t>(row_end)});
      run.row_ends.push_back(static_cast<uint32_t>(run.values.size()));
      i = row_end;
    }
    if (run.rows.size() + 1 < kMinRunRows) return std::nullopt;
    run.end = run.rows.back().end;
    return run;
  }

  std::string_view sql_;
};

}  // namespace

std::vector<ValueRun> FindValueRuns(std::string_view sql) {
  auto runs = Scanner(sql).Scan();
  return runs ? std::move(*runs) : std::vector<ValueRun>{};
}

std::string CutRuns(std::string_view sql, const std::vector<ValueRun>& runs) {
  std::string text;
  std::size_t kept = 0;
  for (const auto& run : runs) {
    text.append(sql.substr(kept, run.anchor - kept));
    kept = run.end;
  }
  text.append(sql.substr(kept));
  return text;
}

}  // namespace sqlroute::parser
