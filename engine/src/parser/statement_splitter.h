#pragma once
// Splits a text of several MySQL statements (what a client with multi-statements on sends as one
// COM_QUERY) at its top-level `;`, with the hand-written lexer: a `;` in a string, a back-quoted
// name or a comment does not split, nor one inside the BEGIN ... END body of CREATE PROCEDURE,
// FUNCTION, TRIGGER or EVENT (no DELIMITER needed). Pieces holding only spaces and comments,
// such as after a trailing `;`, are dropped.
#include <cstddef>
#include <string_view>
#include <vector>

namespace sqlroute::parser {

struct StatementSpan {
  std::size_t begin = 0, end = 0;  // bytes of the text, without the `;` and surrounding spaces
  std::size_t parameter_count = 0;  // its `?` markers
};

// Throws SQL_SYNTAX_ERROR where no token starts (an unterminated quote or comment).
std::vector<StatementSpan> SplitStatements(std::string_view text);

}  // namespace sqlroute::parser
