#pragma once
// Maps ANTLR's code-point indexes to byte offsets in the UTF-8 statement text.
#include <cstdint>
#include <string_view>
#include <vector>

namespace sqlroute::parser {

class SourceMap {
 public:
  // Throws SQL_SYNTAX_ERROR when `sql` is not valid UTF-8.
  explicit SourceMap(std::string_view sql);

  // Byte offset of the code point at `index`; the text size for index == CodePointCount().
  uint32_t ByteOffset(std::size_t code_point_index) const {
    if (ascii_) return static_cast<uint32_t>(code_point_index < size_ ? code_point_index : size_);
    return code_point_index < offsets_.size() ? offsets_[code_point_index] : offsets_.back();
  }
  std::string_view sql() const { return sql_; }

 private:
  std::string_view sql_;
  std::size_t size_;
  bool ascii_ = true;
  std::vector<uint32_t> offsets_;  // only when the text is not pure ASCII; back() == size
};

}  // namespace sqlroute::parser
