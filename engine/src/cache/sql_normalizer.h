#pragma once
// A fast hand-written MySQL tokenizer (no ANTLR) that finds the literal tokens of a statement
// and replaces each by a placeholder, giving the statement's shape: statements that differ only
// in literal values have the same shape. Token classes follow grammar/MySqlLexer.g4.
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "sqlroute/value.h"

namespace sqlroute::cache {

enum class LiteralClass : char {
  Integer = 'i',   // INTEGER_NUM
  Decimal = 'd',   // DECIMAL_NUM
  Float = 'f',     // FLOAT_NUM
  Hex = 'x',       // HEX_NUM: 0x1f, X'1f'
  Bits = 'b',      // BIT_NUM: 0b101, B'101'
  String = 's',    // STRING: '...'
  DqString = 'q',  // DQ_STRING: "..."
  National = 'n',  // NATIONAL_STRING: N'...'
  Charset = 'c',   // CHARSET_STRING: _utf8mb4'...'
};

struct LiteralToken {
  uint32_t begin = 0;  // byte offsets in the statement
  uint32_t end = 0;
  LiteralClass type = LiteralClass::Integer;
};

struct NormalizedSql {
  std::string shape;                  // the SQL with every literal replaced by "\x01" + class
  std::vector<LiteralToken> literals; // in source order
};

// The statement's shape and literals; nullopt when the statement is not worth caching or not
// safely tokenizable here (unterminated quote or comment, control bytes, too large, more than
// `max_literals` literals): the caller then parses it as usual.
std::optional<NormalizedSql> Normalize(std::string_view sql, std::size_t max_literals = SIZE_MAX);

// The value the parser gives a literal token of this class (parser/literal_text.h decoding).
Value DecodeLiteral(std::string_view token, LiteralClass type);

}  // namespace sqlroute::cache
