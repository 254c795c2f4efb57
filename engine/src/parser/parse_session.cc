#include "parser/parse_session.h"

#include <atomic>

#include "parser/parse_stats.h"
#include "parser/syntax_error.h"
#include "sqlroute/error_text.h"

namespace sqlroute::parser {
namespace {

using sqlroute_gen::MySqlLexer;
using sqlroute_gen::MySqlParser;

std::atomic<uint64_t> full_ll_parses{0};

}  // namespace

uint64_t FullLlParseCount() { return full_ll_parses.load(std::memory_order_relaxed); }

void ThrowingErrorListener::syntaxError(antlr4::Recognizer* recognizer, antlr4::Token* offending,
                                        size_t, size_t, const std::string&, std::exception_ptr) {
  if (offending == nullptr) {  // lexer: no token starts here
    ThrowNoTokenAt(source_, static_cast<antlr4::Lexer*>(recognizer)->tokenStartCharIndex);
  }
  if (offending->getType() == antlr4::Token::EOF) {
    ThrowSyntaxError(source_, source_.sql().size(), Message<msg::UnexpectedEndOfStatement>());
  }
  std::size_t begin = source_.ByteOffset(offending->getStartIndex());
  std::size_t end = source_.EndOffset(offending->getStopIndex() + 1);
  ThrowSyntaxError(source_, begin,
                   Message<msg::UnexpectedToken>(arg::token = source_.sql().substr(begin, end - begin)));
}

ParseSession::ParseSession(std::string_view sql, const SourceMap& source)
    : listener_(source),
      token_source_(sql, source),
      tokens_(&token_source_),
      parser_(&tokens_) {
  parser_.removeErrorListeners();
  tokens_.fill();
  bool empty = true;
  for (antlr4::Token* token : tokens_.getTokens()) {
    if (token->getChannel() == antlr4::Token::DEFAULT_CHANNEL && token->getType() != MySqlLexer::SEMI &&
        token->getType() != antlr4::Token::EOF) {
      empty = false;
      break;
    }
  }
  if (empty) throw Error(Message<msg::StatementEmpty>());
}

MySqlParser::RootContext* ParseSession::Parse() {
  auto* interpreter = parser_.getInterpreter<antlr4::atn::ParserATNSimulator>();
  interpreter->setPredictionMode(antlr4::atn::PredictionMode::SLL);
  parser_.setErrorHandler(std::make_shared<antlr4::BailErrorStrategy>());
  try {
    return parser_.root();
  } catch (const antlr4::ParseCancellationException&) {
  }
  full_ll_parses.fetch_add(1, std::memory_order_relaxed);
  tokens_.seek(0);
  parser_.reset();
  interpreter->setPredictionMode(antlr4::atn::PredictionMode::LL);
  parser_.setErrorHandler(std::make_shared<antlr4::DefaultErrorStrategy>());
  parser_.addErrorListener(&listener_);
  return parser_.root();
}

}  // namespace sqlroute::parser
