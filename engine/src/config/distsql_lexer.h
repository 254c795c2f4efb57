#pragma once
// Tokens of a DistSQL script: words (keywords and names), `quoted` names, 'string' / "string"
// literals, numbers and one-character symbols. Comments (`-- …`, `# …`, `/* … */`) are skipped.
#include <cstddef>
#include <string>
#include <string_view>
#include <vector>

namespace sqlroute::config::distsql {

struct Token {
  enum class Kind { Word, QuotedName, String, Number, Symbol, End };
  Kind kind = Kind::End;
  std::string text;  // unquoted, escapes resolved
  std::size_t offset = 0;
};

// Throws Error(CONFIG_DISTSQL_SYNTAX) at an unterminated literal or an unexpected character.
std::vector<Token> Tokenize(std::string_view script);

}  // namespace sqlroute::config::distsql
