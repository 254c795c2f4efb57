#pragma once
// Maps ANTLR's code-point indexes to byte offsets in the UTF-8 statement text. ANTLR may parse
// the statement with parts cut out (parser/value_runs.h); offsets then skip the cut parts.
#include <algorithm>
#include <cstdint>
#include <string_view>
#include <vector>

namespace sqlroute::parser {

// `length` bytes of the statement were cut at byte offset `at` of the parsed text.
struct SourceCut {
  uint32_t at;
  uint32_t length;
};

class SourceMap {
 public:
  // Throws SQL_SYNTAX_ERROR when `sql` is not valid UTF-8.
  explicit SourceMap(std::string_view sql) : SourceMap(sql, sql, {}) {}
  // `parsed`: `sql` without the `cuts` (in text order).
  SourceMap(std::string_view sql, std::string_view parsed, std::vector<SourceCut> cuts);

  // Byte offset in the statement of the code point at `index` of the parsed text; the text size
  // for index == CodePointCount().
  uint32_t ByteOffset(std::size_t code_point_index) const { return Shift(ParsedOffset(code_point_index), true); }
  // Byte offset in the statement where a range of the parsed text that ends before `index` ends.
  uint32_t EndOffset(std::size_t code_point_index) const { return Shift(ParsedOffset(code_point_index), false); }
  std::string_view sql() const { return sql_; }

 private:
  uint32_t ParsedOffset(std::size_t index) const {
    if (ascii_) return static_cast<uint32_t>(index < size_ ? index : size_);
    return index < offsets_.size() ? offsets_[index] : offsets_.back();
  }
  // A start at a cut lies after it; an end at a cut lies before it.
  uint32_t Shift(uint32_t offset, bool start) const {
    if (cuts_.empty()) return offset;
    auto before = [](const SourceCut& cut, uint32_t at) { return cut.at < at; };
    auto not_after = [](uint32_t at, const SourceCut& cut) { return at < cut.at; };
    auto passed = start ? std::upper_bound(cuts_.begin(), cuts_.end(), offset, not_after)
                        : std::lower_bound(cuts_.begin(), cuts_.end(), offset, before);
    return offset + cut_before_[static_cast<std::size_t>(passed - cuts_.begin())];
  }

  std::string_view sql_;
  std::size_t size_;  // of the parsed text
  bool ascii_ = true;
  std::vector<uint32_t> offsets_;  // only when the parsed text is not pure ASCII; back() == size
  std::vector<SourceCut> cuts_;
  std::vector<uint32_t> cut_before_;  // [k]: bytes cut by the first k cuts
};

}  // namespace sqlroute::parser
