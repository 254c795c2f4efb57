#include "parser/parse_session.h"

#include <atomic>

#include "parser/parse_stats.h"
#include "sqlroute/error.h"

namespace sqlroute::parser {
namespace {

using sqlroute_gen::MySqlLexer;
using sqlroute_gen::MySqlParser;

constexpr std::size_t kExcerptBytes = 40;

std::atomic<uint64_t> full_ll_parses{0};

// Up to kExcerptBytes of `sql` from `offset`, cut at a line end and never inside a UTF-8 sequence.
std::string Excerpt(std::string_view sql, std::size_t offset) {
  std::string_view rest = sql.substr(std::min(offset, sql.size()));
  std::size_t end = std::min(rest.size(), kExcerptBytes);
  std::size_t newline = rest.find('\n');
  if (newline != std::string_view::npos) end = std::min(end, newline);
  while (end < rest.size() && end > 0 && (static_cast<unsigned char>(rest[end]) & 0xC0) == 0x80) --end;
  return std::string(rest.substr(0, end));
}

[[noreturn]] void ThrowSyntaxError(const SourceMap& source, std::size_t byte_offset, const std::string& what) {
  std::string_view sql = source.sql();
  SourcePosition position = PositionAt(sql, byte_offset);
  // Columns count characters, not bytes: skip UTF-8 continuation bytes of the line's prefix.
  std::size_t line_start = byte_offset - static_cast<std::size_t>(position.column - 1);
  int column = 1;
  for (std::size_t i = line_start; i < byte_offset && i < sql.size(); ++i) {
    if ((static_cast<unsigned char>(sql[i]) & 0xC0) != 0x80) ++column;
  }
  position.column = column;
  std::string message = "You have an error in your SQL syntax: " + what;
  if (byte_offset < sql.size()) message += " near '" + Excerpt(sql, byte_offset) + "'";
  message += " at line " + std::to_string(position.line) + ", column " + std::to_string(position.column);
  throw Error(ErrorCode::SQL_SYNTAX_ERROR, message, position);
}

}  // namespace

uint64_t FullLlParseCount() { return full_ll_parses.load(std::memory_order_relaxed); }

void ThrowingErrorListener::syntaxError(antlr4::Recognizer* recognizer, antlr4::Token* offending,
                                        size_t, size_t, const std::string&, std::exception_ptr) {
  if (offending == nullptr) {  // lexer: no token starts here
    auto* lexer = static_cast<antlr4::Lexer*>(recognizer);
    std::size_t offset = source_.ByteOffset(lexer->tokenStartCharIndex);
    std::string_view sql = source_.sql();
    std::size_t length = 1;
    while (offset + length < sql.size() && (static_cast<unsigned char>(sql[offset + length]) & 0xC0) == 0x80) ++length;
    std::string what = sql[offset] == '\'' || sql[offset] == '"' || sql[offset] == '`'
                           ? "unterminated quoted text starting with " + std::string(1, sql[offset])
                           : "unexpected character '" + std::string(sql.substr(offset, length)) + "'";
    ThrowSyntaxError(source_, offset, what);
  }
  if (offending->getType() == antlr4::Token::EOF) {
    ThrowSyntaxError(source_, source_.sql().size(), "unexpected end of statement");
  }
  std::size_t begin = source_.ByteOffset(offending->getStartIndex());
  std::size_t end = source_.EndOffset(offending->getStopIndex() + 1);
  ThrowSyntaxError(source_, begin, "unexpected '" + std::string(source_.sql().substr(begin, end - begin)) + "'");
}

Utf8InputStream::Utf8InputStream(std::string_view text) {
  _data.reserve(text.size());
  std::size_t i = 0;
  while (i < text.size()) {
    auto byte = [&](std::size_t k) { return static_cast<char32_t>(static_cast<unsigned char>(text[k])); };
    char32_t lead = byte(i);
    if (lead < 0x80) {
      _data.push_back(lead);
      ++i;
      continue;
    }
    std::size_t length = lead < 0xE0 ? 2 : lead < 0xF0 ? 3 : 4;
    char32_t code = lead & (0x7F >> length);
    for (std::size_t k = 1; k < length && i + k < text.size(); ++k) code = (code << 6) | (byte(i + k) & 0x3F);
    _data.push_back(code);
    i += length;
  }
}

ParseSession::ParseSession(std::string_view sql, const SourceMap& source)
    : listener_(source),
      input_(sql),
      lexer_(&input_),
      tokens_(&lexer_),
      parser_(&tokens_) {
  lexer_.removeErrorListeners();
  lexer_.addErrorListener(&listener_);
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
  if (empty) throw Error(ErrorCode::SQL_EMPTY, "the statement is empty");
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
