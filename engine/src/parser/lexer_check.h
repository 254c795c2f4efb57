#pragma once
// What the hand-written lexer (parser/sql_lexer.h) and the generated ANTLR lexer make of a
// statement, for the tests and the fuzz target that hold the two equal.
#include <cstddef>
#include <string>
#include <string_view>
#include <vector>

namespace sqlroute::parser {

struct LexedToken {
  std::size_t type;
  std::size_t channel;
  std::size_t start;  // code-point indexes, as ANTLR gives them
  std::size_t stop;
  std::size_t line;
  std::size_t column;
};

struct Lexed {
  std::vector<LexedToken> tokens;  // EOF last; up to the error when there is one
  std::string error;               // the SQL_SYNTAX_ERROR message, empty when all went well
};

Lexed LexByHand(std::string_view sql);
Lexed LexWithGeneratedLexer(std::string_view sql);
// "IDENTIFIER", "EOF", ...
std::string TokenName(std::size_t type);
// One line per token: name, channel, start..stop, line:column; then the error.
std::string Describe(const Lexed& lexed);

}  // namespace sqlroute::parser
