#include "parser/source_map.h"

#include <cstdint>
#include <cstring>

#include "sqlroute/error_text.h"

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

// Byte offset of each code point of `text` (and its size last); throws on malformed UTF-8.
std::vector<uint32_t> CodePointOffsets(std::string_view text, std::size_t ascii_prefix) {
  std::vector<uint32_t> offsets;
  offsets.reserve(text.size() + 1);
  for (std::size_t k = 0; k < ascii_prefix; ++k) offsets.push_back(static_cast<uint32_t>(k));
  std::size_t i = ascii_prefix;
  while (i < text.size()) {
    offsets.push_back(static_cast<uint32_t>(i));
    if (static_cast<unsigned char>(text[i]) < 0x80) {
      ++i;
      continue;
    }
    std::size_t length = SequenceLength(text, i);
    if (length == 0) {
      throw Error(Message<msg::StatementNotUtf8>(), PositionAt(text, i));
    }
    i += length;
  }
  offsets.push_back(static_cast<uint32_t>(text.size()));
  return offsets;
}

std::size_t AsciiPrefix(std::string_view text) {
  std::size_t i = 0;
  for (uint64_t word; i + 8 <= text.size(); i += 8) {  // eight bytes at a time while all are ASCII
    std::memcpy(&word, text.data() + i, 8);
    if (word & 0x8080808080808080ull) break;
  }
  while (i < text.size() && static_cast<unsigned char>(text[i]) < 0x80) ++i;
  return i;
}

}  // namespace

SourceMap::SourceMap(std::string_view sql, std::string_view parsed, std::vector<SourceCut> cuts)
    : sql_(sql), size_(parsed.size()), cuts_(std::move(cuts)) {
  if (!cuts_.empty()) {
    std::size_t prefix = AsciiPrefix(sql);
    if (prefix < sql.size()) CodePointOffsets(sql, prefix);  // the cut parts must be valid too
    cut_before_.push_back(0);
    for (const auto& cut : cuts_) cut_before_.push_back(cut_before_.back() + cut.length);
  }
  std::size_t prefix = AsciiPrefix(parsed);
  if (prefix == parsed.size()) return;
  ascii_ = false;
  offsets_ = CodePointOffsets(parsed, prefix);
}

}  // namespace sqlroute::parser
