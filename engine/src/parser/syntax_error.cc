#include "parser/syntax_error.h"

#include <algorithm>

#include "sqlroute/error_text.h"

namespace sqlroute::parser {
namespace {

constexpr std::size_t kExcerptBytes = 40;

// Up to kExcerptBytes of `sql` from `offset`, cut at a line end and never inside a UTF-8 sequence.
std::string Excerpt(std::string_view sql, std::size_t offset) {
  std::string_view rest = sql.substr(std::min(offset, sql.size()));
  std::size_t end = std::min(rest.size(), kExcerptBytes);
  std::size_t newline = rest.find('\n');
  if (newline != std::string_view::npos) end = std::min(end, newline);
  while (end < rest.size() && end > 0 && (static_cast<unsigned char>(rest[end]) & 0xC0) == 0x80) --end;
  return std::string(rest.substr(0, end));
}

}  // namespace

void ThrowSyntaxError(const SourceMap& source, std::size_t byte_offset, ErrorText what) {
  std::string_view sql = source.sql();
  SourcePosition position = PositionAt(sql, byte_offset);
  // Columns count characters, not bytes: skip UTF-8 continuation bytes of the line's prefix.
  std::size_t line_start = byte_offset - static_cast<std::size_t>(position.column - 1);
  int column = 1;
  for (std::size_t i = line_start; i < byte_offset && i < sql.size(); ++i) {
    if ((static_cast<unsigned char>(sql[i]) & 0xC0) != 0x80) ++column;
  }
  position.column = column;
  if (byte_offset < sql.size()) {
    throw Error(Message<msg::SyntaxErrorNear>(arg::detail = what.message, arg::excerpt = Excerpt(sql, byte_offset),
                                              arg::line = position.line, arg::column = position.column),
                position);
  }
  throw Error(Message<msg::SyntaxErrorAtEnd>(arg::detail = what.message, arg::line = position.line,
                                             arg::column = position.column),
              position);
}

void ThrowNoTokenAt(const SourceMap& source, std::size_t index) {
  std::size_t offset = source.ByteOffset(index);
  std::string_view sql = source.sql();
  std::size_t length = 1;
  while (offset + length < sql.size() && (static_cast<unsigned char>(sql[offset + length]) & 0xC0) == 0x80) ++length;
  ErrorText what = sql[offset] == '\'' || sql[offset] == '"' || sql[offset] == '`'
                       ? Message<msg::UnterminatedQuotedText>(arg::quote = sql[offset])
                       : Message<msg::UnexpectedSqlCharacter>(arg::character = sql.substr(offset, length));
  ThrowSyntaxError(source, offset, what);
}

}  // namespace sqlroute::parser
