#pragma once
// Parses one MySQL statement into the statement model. Thread-safe: each call uses its own
// lexer and parser; ANTLR types stay inside engine/src/parser/.
#include <string_view>

#include "ast/statement.h"

namespace sqlroute::parser {

struct ParseLimits {
  std::size_t max_sql_bytes = 16u << 20;  // larger statements: SQL_TOO_LARGE
  int max_depth = 1000;                   // deeper nesting: SQL_TOO_COMPLEX
  bool cut_value_runs = true;             // false: ANTLR parses the whole text (parser/value_runs.h)
};

// Throws sqlroute::Error (SQL_SYNTAX_ERROR with line:column and the offending token,
// SQL_EMPTY, SQL_TOO_COMPLEX, SQL_TOO_LARGE).
ast::Statement Parse(std::string_view sql, const ParseLimits& limits = {});

// Parses a few representative statements so that ANTLR's shared prediction cache is warm.
void WarmUp();

}  // namespace sqlroute::parser
