#include "parser/lexer_check.h"

#include "MySqlLexer.h"
#include "antlr4-runtime.h"
#include "parser/parse_session.h"
#include "parser/source_map.h"
#include "parser/sql_lexer.h"
#include "sqlroute/error.h"

namespace sqlroute::parser {
namespace {

// ANTLR's input stream filled with the code points of (already validated) UTF-8 text.
class Utf8InputStream : public antlr4::ANTLRInputStream {
 public:
  explicit Utf8InputStream(std::string_view text) {
    _data.reserve(text.size());
    std::size_t i = 0;
    while (i < text.size()) {
      auto byte = [&](std::size_t k) { return static_cast<char32_t>(static_cast<unsigned char>(text[k])); };
      char32_t lead = byte(i);
      std::size_t length = lead < 0x80 ? 1 : lead < 0xE0 ? 2 : lead < 0xF0 ? 3 : 4;
      char32_t code = length == 1 ? lead : lead & (0x7F >> length);
      for (std::size_t k = 1; k < length && i + k < text.size(); ++k) code = (code << 6) | (byte(i + k) & 0x3F);
      _data.push_back(code);
      i += length;
    }
  }
};

Lexed Drain(antlr4::TokenSource& source) {
  Lexed lexed;
  try {
    for (;;) {
      std::unique_ptr<antlr4::Token> token = source.nextToken();
      lexed.tokens.push_back({token->getType(), token->getChannel(), token->getStartIndex(), token->getStopIndex(),
                              token->getLine(), token->getCharPositionInLine()});
      if (token->getType() == antlr4::Token::EOF) break;
    }
  } catch (const Error& e) {
    lexed.error = e.what();
  }
  return lexed;
}

}  // namespace

Lexed LexByHand(std::string_view sql) {
  try {
    SourceMap source(sql);
    SqlTokenSource lexer(sql, source);
    return Drain(lexer);
  } catch (const Error& e) {
    return {{}, e.what()};
  }
}

Lexed LexWithGeneratedLexer(std::string_view sql) {
  try {
    SourceMap source(sql);
    ThrowingErrorListener listener(source);
    Utf8InputStream input(sql);
    sqlroute_gen::MySqlLexer lexer(&input);
    lexer.removeErrorListeners();
    lexer.addErrorListener(&listener);
    return Drain(lexer);
  } catch (const Error& e) {
    return {{}, e.what()};
  }
}

std::string TokenName(std::size_t type) {
  if (type == antlr4::Token::EOF) return "EOF";
  antlr4::ANTLRInputStream empty("");
  sqlroute_gen::MySqlLexer lexer(&empty);
  return lexer.getVocabulary().getSymbolicName(type);
}

std::string Describe(const Lexed& lexed) {
  std::string out;
  for (const LexedToken& t : lexed.tokens) {
    out += TokenName(t.type) + (t.channel == 0 ? "" : " hidden") + " " + std::to_string(t.start) + ".." +
           std::to_string(static_cast<long long>(t.stop)) + " " + std::to_string(t.line) + ":" +
           std::to_string(t.column) + "\n";
  }
  if (!lexed.error.empty()) out += "error: " + lexed.error + "\n";
  return out;
}

}  // namespace sqlroute::parser
