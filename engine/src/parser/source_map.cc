#include "parser/source_map.h"

#include "sqlroute/error.h"

namespace sqlroute::parser {
namespace {

// Length of the UTF-8 sequence starting at `i`, or 0 when it is malformed.
std::size_t SequenceLength(std::string_view s, std::size_t i) {
  auto byte = [&](std::size_t k) { return static_cast<unsigned char>(s[k]); };
  unsigned char lead = byte(i);
  std::size_t length = lead < 0xC2 ? 0 : lead < 0xE0 ? 2 : lead < 0xF0 ? 3 : lead < 0xF5 ? 4 : 0;
  if (length == 0 || i + length > s.size()) return 0;
  for (std::size_t k = 1; k < length; ++k) {
    if ((byte(i + k) & 0xC0) != 0x80) return 0;
  }
  if (lead == 0xE0 && byte(i + 1) < 0xA0) return 0;                        // overlong
  if (lead == 0xED && byte(i + 1) >= 0xA0) return 0;                       // surrogate
  if (lead == 0xF0 && byte(i + 1) < 0x90) return 0;                        // overlong
  if (lead == 0xF4 && byte(i + 1) >= 0x90) return 0;                       // > U+10FFFF
  return length;
}

}  // namespace

SourceMap::SourceMap(std::string_view sql) : sql_(sql), size_(sql.size()) {
  std::size_t i = 0;
  while (i < sql.size() && static_cast<unsigned char>(sql[i]) < 0x80) ++i;
  if (i == sql.size()) return;
  ascii_ = false;
  offsets_.reserve(sql.size() + 1);
  for (std::size_t k = 0; k < i; ++k) offsets_.push_back(static_cast<uint32_t>(k));
  while (i < sql.size()) {
    offsets_.push_back(static_cast<uint32_t>(i));
    if (static_cast<unsigned char>(sql[i]) < 0x80) {
      ++i;
      continue;
    }
    std::size_t length = SequenceLength(sql, i);
    if (length == 0) {
      throw Error(ErrorCode::SQL_SYNTAX_ERROR, "the statement is not valid UTF-8", PositionAt(sql, i));
    }
    i += length;
  }
  offsets_.push_back(static_cast<uint32_t>(sql.size()));
}

}  // namespace sqlroute::parser
