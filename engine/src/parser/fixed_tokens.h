#pragma once
// The lexer rules of grammar/MySqlLexer.g4 that match fixed texts, read once from the generated
// lexer's ATN so that the grammar stays their only source: keywords (in any letter case),
// operators, and the character set names CHARSET_STRING accepts before a space.
#include <cstddef>
#include <string>
#include <string_view>
#include <vector>

namespace sqlroute::parser {

struct FixedText {
  std::string text;
  std::size_t type;
};

class FixedTokens {
 public:
  // Throws Error(INTERNAL_ERROR) when a rule of the grammar is neither a fixed text nor a rule the
  // hand-written lexer (parser/sql_lexer.h) knows.
  static const FixedTokens& Get();

  // The token type of the keyword `word` spells, in any letter case; 0 when it is no keyword.
  std::size_t Keyword(std::string_view word) const;
  // The operators whose text starts with `first`, longest first.
  const std::vector<FixedText>& Operators(unsigned char first) const { return operators_[first]; }
  const std::vector<std::string>& CharsetNames() const { return charset_names_; }
  // Every keyword (upper case) with its token type, sorted by text.
  std::vector<FixedText> Keywords() const;

 private:
  FixedTokens();
  void AddKeyword(const std::string& upper, std::size_t type);

  std::vector<FixedText> keyword_slots_;  // open addressing by upper-case text; empty text: free
  std::size_t keyword_mask_ = 0;
  std::vector<FixedText> operators_[256];
  std::vector<std::string> charset_names_;
};

}  // namespace sqlroute::parser
