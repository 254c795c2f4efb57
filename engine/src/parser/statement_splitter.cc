#include "parser/statement_splitter.h"

#include <memory>
#include <string>

#include "MySqlLexer.h"
#include "parser/source_map.h"
#include "parser/sql_lexer.h"
#include "common/strings.h"

namespace sqlroute::parser {
namespace {

using sqlroute_gen::MySqlLexer;

bool IsWord(const antlr4::Token& token, std::string_view word) { return EqualsIgnoreCase(token.getText(), word); }

// Where the current statement stands on compound bodies: a CREATE PROCEDURE (FUNCTION, TRIGGER,
// EVENT) opens BEGIN ... END blocks, in which CASE ... END (CASE) nests; END IF, END LOOP,
// END WHILE and END REPEAT close statements that hold no `;` of their own.
class CompoundDepth {
 public:
  void StatementStarts() {
    tokens_ = 0;
    routine_ = false;
    open_.clear();
  }

  void See(const antlr4::Token& token, const antlr4::Token* next) {
    size_t type = token.getType();
    if (tokens_++ == 0) {
      creates_ = type == MySqlLexer::CREATE;
      return;
    }
    if (creates_ && !routine_) {
      routine_ = type == MySqlLexer::PROCEDURE || type == MySqlLexer::FUNCTION || type == MySqlLexer::TRIGGER ||
                 type == MySqlLexer::EVENT;
    }
    if (!routine_) return;
    if (type == MySqlLexer::BEGIN || type == MySqlLexer::CASE) {
      open_.push_back(type);
    } else if (type == MySqlLexer::END && !open_.empty()) {
      bool closes_other = next && (next->getType() == MySqlLexer::IF || IsWord(*next, "LOOP") ||
                                   IsWord(*next, "WHILE") || IsWord(*next, "REPEAT"));
      if (!closes_other) open_.pop_back();  // END, END CASE
    }
  }

  bool inside() const { return !open_.empty(); }

 private:
  size_t tokens_ = 0;
  bool creates_ = false, routine_ = false;
  std::vector<size_t> open_;
};

}  // namespace

std::vector<StatementSpan> SplitStatements(std::string_view text) {
  SourceMap source(text);
  SqlTokenSource lexer(text, source);
  std::vector<std::unique_ptr<antlr4::Token>> tokens;
  for (auto token = lexer.nextToken(); token->getType() != antlr4::Token::EOF; token = lexer.nextToken()) {
    if (token->getChannel() == antlr4::Token::DEFAULT_CHANNEL) tokens.push_back(std::move(token));
  }
  std::vector<StatementSpan> result;
  StatementSpan current;
  bool open = false;       // the current statement has a token
  size_t piece_start = 0;  // after the last `;`: comments before a statement (SQL hints) stay with it
  CompoundDepth depth;
  depth.StatementStarts();
  for (size_t i = 0; i < tokens.size(); ++i) {
    const antlr4::Token& token = *tokens[i];
    size_t begin = source.ByteOffset(token.getStartIndex()), end = source.EndOffset(token.getStopIndex() + 1);
    if (token.getType() == MySqlLexer::SEMI && !depth.inside()) {
      if (open) result.push_back(current);
      current = StatementSpan();
      open = false;
      piece_start = end;
      depth.StatementStarts();
      continue;
    }
    depth.See(token, i + 1 < tokens.size() ? tokens[i + 1].get() : nullptr);
    if (!open) {
      current.begin = piece_start;
      while (current.begin < begin && static_cast<unsigned char>(text[current.begin]) <= ' ') ++current.begin;
    }
    open = true;
    current.end = end;
    if (token.getType() == MySqlLexer::PARAM) ++current.parameter_count;
  }
  if (open) result.push_back(current);
  return result;
}

}  // namespace sqlroute::parser
