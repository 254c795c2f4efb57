#pragma once
// The tokens of grammar/MySqlLexer.g4 found by hand: the same types, channels, code-point
// indexes and lines as the generated lexer gives (tests/cpp/parser_lexer_test.cc and the fuzz
// target `lexer` compare the two), at a small part of its cost and without the locks of ANTLR's
// shared lexer cache. Like ANTLR, it takes the longest match and, between matches of one
// length, the earlier rule. Fixed texts come from the grammar (parser/fixed_tokens.h).
#include <memory>
#include <string>
#include <string_view>

#include "antlr4-runtime.h"
#include "parser/fixed_tokens.h"
#include "parser/source_map.h"

namespace sqlroute::parser {

class SqlTokenSource : public antlr4::TokenSource {
 public:
  // `text` (valid UTF-8) must outlive the source; `source` places error positions.
  SqlTokenSource(std::string_view text, const SourceMap& source);

  // Throws SQL_SYNTAX_ERROR at a character no token starts with.
  std::unique_ptr<antlr4::Token> nextToken() override;
  size_t getLine() const override { return line_; }
  size_t getCharPositionInLine() override { return column_; }
  antlr4::CharStream* getInputStream() override { return nullptr; }
  std::string getSourceName() override { return "statement"; }
  antlr4::TokenFactory<antlr4::CommonToken>* getTokenFactory() override;

 private:
  struct Match {
    std::size_t length = 0;
    std::size_t type = 0;
    void Offer(std::size_t length, std::size_t type);
  };

  Match LongestAt(std::size_t at) const;
  void OfferNumber(std::size_t at, Match& match) const;
  void OfferWord(std::size_t at, Match& match) const;
  void OfferCharsetString(std::size_t at, Match& match) const;
  void OfferVariable(std::size_t at, Match& match) const;
  void OfferComment(std::size_t at, Match& match) const;
  // Code-point index of byte `at`, moving the line and column there (`at` never goes back).
  std::size_t MoveTo(std::size_t at);

  std::string_view text_;
  const SourceMap& source_;
  const FixedTokens& fixed_;
  std::size_t at_ = 0;
  bool in_versioned_comment_ = false;
  std::size_t counted_ = 0;  // bytes before it are counted in code_points_, line_ and column_
  std::size_t code_points_ = 0;
  std::size_t line_ = 1;
  std::size_t column_ = 0;
};

}  // namespace sqlroute::parser
