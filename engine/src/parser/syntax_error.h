#pragma once
// SQL_SYNTAX_ERROR with MySQL's wording, the offending text and its line:column.
#include <cstddef>
#include <string>

#include "parser/source_map.h"
#include "sqlroute/error_text.h"

namespace sqlroute::parser {

[[noreturn]] void ThrowSyntaxError(const SourceMap& source, std::size_t byte_offset, ErrorText what);
// No token starts at code point `index` of the lexed text: an unterminated quote or a stray character.
[[noreturn]] void ThrowNoTokenAt(const SourceMap& source, std::size_t index);

}  // namespace sqlroute::parser
