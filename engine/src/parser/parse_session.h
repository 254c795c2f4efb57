#pragma once
// One ANTLR parse of one statement: lexer, tokens, parser and tree, owned together.
// Prediction runs in SLL mode with a bailing error strategy first and falls back to full LL
// with error reporting only when SLL fails. Errors surface as sqlroute::Error.
#include <string_view>
#include <vector>

#include "MySqlLexer.h"
#include "MySqlParser.h"
#include "antlr4-runtime.h"
#include "parser/source_map.h"
#include "parser/sql_lexer.h"

namespace sqlroute::parser {

// Turns the first lexer or parser error into SQL_SYNTAX_ERROR.
class ThrowingErrorListener : public antlr4::BaseErrorListener {
 public:
  explicit ThrowingErrorListener(const SourceMap& source) : source_(source) {}
  void syntaxError(antlr4::Recognizer* recognizer, antlr4::Token* offending, size_t line,
                   size_t column, const std::string& message, std::exception_ptr error) override;

 private:
  const SourceMap& source_;
};

class ParseSession {
 public:
  // Lexes the whole statement; throws SQL_EMPTY when it holds no token, SQL_SYNTAX_ERROR on
  // a character no token starts with.
  ParseSession(std::string_view sql, const SourceMap& source);

  sqlroute_gen::MySqlParser::RootContext* Parse();
  // Every token, hidden channel included, in source order (EOF last).
  std::vector<antlr4::Token*> tokens() { return tokens_.getTokens(); }
  std::size_t token_count() { return tokens_.size(); }

 private:
  ThrowingErrorListener listener_;
  SqlTokenSource token_source_;
  antlr4::CommonTokenStream tokens_;
  sqlroute_gen::MySqlParser parser_;
};

}  // namespace sqlroute::parser
