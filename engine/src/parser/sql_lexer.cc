#include "parser/sql_lexer.h"

#include "MySqlLexer.h"
#include "parser/syntax_error.h"

namespace sqlroute::parser {
namespace {

using sqlroute_gen::MySqlLexer;

bool IsDigit(char c) { return c >= '0' && c <= '9'; }
bool IsHexDigit(char c) { return IsDigit(c) || (c >= 'a' && c <= 'f') || (c >= 'A' && c <= 'F'); }
bool IsBitDigit(char c) { return c == '0' || c == '1'; }
bool IsAsciiAlnum(char c) { return IsDigit(c) || (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z'); }
// ID_PART: letters, digits, _, $ and every code point past ASCII (each of its UTF-8 bytes).
bool IsIdPart(char c) { return IsAsciiAlnum(c) || c == '_' || c == '$' || static_cast<unsigned char>(c) >= 0x80; }
bool IsIdPartOrDot(char c) { return IsIdPart(c) || c == '.'; }
bool IsSpace(char c) { return c == ' ' || c == '\t' || c == '\r' || c == '\n' || c == '\f' || c == '\v'; }
bool IsCharsetSpace(char c) { return c == ' ' || c == '\t' || c == '\r' || c == '\n'; }
bool IsLineEnd(char c) { return c == '\n' || c == '\r'; }
bool NotLineEnd(char c) { return !IsLineEnd(c); }

bool At(std::string_view text, std::size_t at, char c) { return at < text.size() && text[at] == c; }

template <typename Predicate>
std::size_t Count(std::string_view text, std::size_t at, Predicate predicate) {
  std::size_t end = at;
  while (end < text.size() && predicate(text[end])) ++end;
  return end - at;
}

// The longest quoted text at `at` (which holds `quote`), 0 when none ends: a doubled quote stands
// for itself and, with `backslash`, a backslash escapes the character after it.
std::size_t QuotedLength(std::string_view text, std::size_t at, char quote, bool backslash) {
  std::size_t longest = 0;
  std::size_t i = at + 1;
  while (i < text.size()) {
    char c = text[i];
    if (backslash && c == '\\') {
      i += 2;
      continue;
    }
    if (c == quote) {
      longest = i + 1 - at;
      if (!At(text, i + 1, quote)) break;
      i += 2;
      continue;
    }
    ++i;
  }
  return longest;
}

// E [+-]? DIGIT+ at `at`; 0 when there is none.
std::size_t ExponentLength(std::string_view text, std::size_t at) {
  if (!At(text, at, 'e') && !At(text, at, 'E')) return 0;
  std::size_t digits_at = at + 1 + (At(text, at + 1, '+') || At(text, at + 1, '-') ? 1 : 0);
  std::size_t digits = Count(text, digits_at, IsDigit);
  return digits == 0 ? 0 : digits_at + digits - at;
}

// A letter (either case) and a quote at `at`, then `digit`s and a closing quote: X'0F', B'01'.
std::size_t QuotedDigitsLength(std::string_view text, std::size_t at, char letter, bool (*digit)(char)) {
  if ((text[at] | 0x20) != letter || !At(text, at + 1, '\'')) return 0;
  std::size_t digits = Count(text, at + 2, digit);
  return At(text, at + 2 + digits, '\'') ? digits + 3 : 0;
}

}  // namespace

void SqlTokenSource::Match::Offer(std::size_t offered_length, std::size_t offered_type) {
  if (offered_length == 0) return;
  if (offered_length > length || (offered_length == length && offered_type < type)) {
    length = offered_length;
    type = offered_type;
  }
}

SqlTokenSource::SqlTokenSource(std::string_view text, const SourceMap& source)
    : text_(text), source_(source), fixed_(FixedTokens::Get()) {}

antlr4::TokenFactory<antlr4::CommonToken>* SqlTokenSource::getTokenFactory() {
  return antlr4::CommonTokenFactory::DEFAULT.get();
}

std::unique_ptr<antlr4::Token> SqlTokenSource::nextToken() {
  at_ += Count(text_, at_, IsSpace);
  std::size_t start = MoveTo(at_);
  if (at_ >= text_.size()) {
    return std::make_unique<antlr4::CommonToken>(std::make_pair(this, nullptr), antlr4::Token::EOF,
                                                 antlr4::Token::DEFAULT_CHANNEL, start, start - 1);
  }
  Match match = LongestAt(at_);
  if (match.length == 0) ThrowNoTokenAt(source_, start);
  std::size_t channel = antlr4::Token::DEFAULT_CHANNEL;
  switch (match.type) {
    case MySqlLexer::VERSIONED_COMMENT_START:
      in_versioned_comment_ = true;
      channel = antlr4::Token::HIDDEN_CHANNEL;
      break;
    case MySqlLexer::VERSIONED_COMMENT_END:
      in_versioned_comment_ = false;
      channel = antlr4::Token::HIDDEN_CHANNEL;
      break;
    case MySqlLexer::BLOCK_COMMENT:
    case MySqlLexer::LINE_COMMENT:
      channel = antlr4::Token::HIDDEN_CHANNEL;
      break;
    default:
      break;
  }
  auto token = std::make_unique<antlr4::CommonToken>(std::make_pair(this, nullptr), match.type, channel, start, 0);
  at_ += match.length;
  std::size_t end = MoveTo(at_);
  token->setStopIndex(end - 1);
  return token;
}

std::size_t SqlTokenSource::MoveTo(std::size_t at) {
  for (; counted_ < at; ++counted_) {
    char c = text_[counted_];
    if ((static_cast<unsigned char>(c) & 0xC0) == 0x80) continue;
    ++code_points_;
    if (c == '\n') {
      ++line_;
      column_ = 0;
    } else {
      ++column_;
    }
  }
  return code_points_;
}

SqlTokenSource::Match SqlTokenSource::LongestAt(std::size_t at) const {
  Match match;
  char c = text_[at];
  if (IsDigit(c) || c == '.') {
    OfferNumber(at, match);
  } else if (IsIdPart(c)) {
    OfferWord(at, match);
  }
  switch (c) {
    case '\'':
      match.Offer(QuotedLength(text_, at, '\'', true), MySqlLexer::STRING);
      break;
    case '"':
      match.Offer(QuotedLength(text_, at, '"', true), MySqlLexer::DQ_STRING);
      break;
    case '`':
      match.Offer(QuotedLength(text_, at, '`', false), MySqlLexer::QUOTED_IDENTIFIER);
      break;
    case '@':
      OfferVariable(at, match);
      break;
    case '/':
    case '*':
    case '#':
    case '-':
      OfferComment(at, match);
      break;
    default:
      break;
  }
  for (const FixedText& op : fixed_.Operators(static_cast<unsigned char>(c))) {
    if (text_.compare(at, op.text.size(), op.text) == 0) {
      match.Offer(op.text.size(), op.type);
      break;
    }
  }
  return match;
}

void SqlTokenSource::OfferNumber(std::size_t at, Match& match) const {
  std::size_t digits = Count(text_, at, IsDigit);
  match.Offer(digits, MySqlLexer::INTEGER_NUM);
  std::size_t decimal = 0;  // DIGIT+ '.' DIGIT* | '.' DIGIT+
  if (At(text_, at + digits, '.')) {
    std::size_t fraction = Count(text_, at + digits + 1, IsDigit);
    if (digits > 0 || fraction > 0) decimal = digits + 1 + fraction;
  }
  match.Offer(decimal, MySqlLexer::DECIMAL_NUM);
  for (std::size_t mantissa : {digits, decimal}) {
    std::size_t exponent = mantissa == 0 ? 0 : ExponentLength(text_, at + mantissa);
    if (exponent > 0) match.Offer(mantissa + exponent, MySqlLexer::FLOAT_NUM);
  }
  if (digits == 0) return;
  if (text_[at] == '0' && At(text_, at + 1, 'x')) {
    std::size_t hex = Count(text_, at + 2, IsHexDigit);
    if (hex > 0) match.Offer(hex + 2, MySqlLexer::HEX_NUM);
  }
  if (text_[at] == '0' && At(text_, at + 1, 'b')) {
    std::size_t bits = Count(text_, at + 2, IsBitDigit);
    if (bits > 0) match.Offer(bits + 2, MySqlLexer::BIT_NUM);
  }
  std::size_t word = Count(text_, at, IsIdPart);  // DIGIT+ ID_START ID_PART*
  if (word > digits) match.Offer(word, MySqlLexer::IDENTIFIER);
}

void SqlTokenSource::OfferWord(std::size_t at, Match& match) const {
  std::size_t word = Count(text_, at, IsIdPart);
  match.Offer(word, MySqlLexer::IDENTIFIER);
  if (std::size_t keyword = fixed_.Keyword(text_.substr(at, word))) match.Offer(word, keyword);
  match.Offer(QuotedDigitsLength(text_, at, 'x', IsHexDigit), MySqlLexer::HEX_NUM);
  match.Offer(QuotedDigitsLength(text_, at, 'b', IsBitDigit), MySqlLexer::BIT_NUM);
  if ((text_[at] | 0x20) == 'n' && At(text_, at + 1, '\'')) {
    std::size_t quoted = QuotedLength(text_, at + 1, '\'', true);
    if (quoted > 0) match.Offer(quoted + 1, MySqlLexer::NATIONAL_STRING);
  }
  if (text_[at] == '_') OfferCharsetString(at, match);
}

// '_' [a-zA-Z0-9]+ SQ_STRING | '_' CHARSET_NAME [ \t\r\n]+ SQ_STRING
void SqlTokenSource::OfferCharsetString(std::size_t at, Match& match) const {
  auto offer_string_at = [&](std::size_t quote) {
    if (!At(text_, quote, '\'')) return;
    std::size_t quoted = QuotedLength(text_, quote, '\'', true);
    if (quoted > 0) match.Offer(quote + quoted - at, MySqlLexer::CHARSET_STRING);
  };
  std::size_t alnum = Count(text_, at + 1, IsAsciiAlnum);
  if (alnum > 0) offer_string_at(at + 1 + alnum);
  for (const std::string& name : fixed_.CharsetNames()) {
    if (text_.compare(at + 1, name.size(), name) != 0) continue;
    std::size_t spaces = Count(text_, at + 1 + name.size(), IsCharsetSpace);
    if (spaces > 0) offer_string_at(at + 1 + name.size() + spaces);
  }
}

// USER_VAR, SYSTEM_VAR; AT_SIGN is an operator.
void SqlTokenSource::OfferVariable(std::size_t at, Match& match) const {
  auto quoted_at = [&](std::size_t quote) -> std::size_t {
    if (At(text_, quote, '\'')) return QuotedLength(text_, quote, '\'', true);
    if (At(text_, quote, '"')) return QuotedLength(text_, quote, '"', true);
    if (At(text_, quote, '`')) return QuotedLength(text_, quote, '`', false);
    return 0;
  };
  std::size_t name = Count(text_, at + 1, IsIdPartOrDot);
  match.Offer(name > 0 ? name + 1 : 0, MySqlLexer::USER_VAR);
  std::size_t quoted = quoted_at(at + 1);
  match.Offer(quoted > 0 ? quoted + 1 : 0, MySqlLexer::USER_VAR);
  if (!At(text_, at + 1, '@')) return;
  std::size_t first = Count(text_, at + 2, IsIdPart);
  if (first > 0) {
    std::size_t second = At(text_, at + 2 + first, '.') ? Count(text_, at + 3 + first, IsIdPart) : 0;
    match.Offer(2 + first + (second > 0 ? second + 1 : 0), MySqlLexer::SYSTEM_VAR);
  }
  if (At(text_, at + 2, '`')) {
    std::size_t identifier = QuotedLength(text_, at + 2, '`', false);
    if (identifier > 0) match.Offer(identifier + 2, MySqlLexer::SYSTEM_VAR);
  }
}

void SqlTokenSource::OfferComment(std::size_t at, Match& match) const {
  char c = text_[at];
  if (c == '/' && At(text_, at + 1, '*')) {
    if (At(text_, at + 2, '!')) {
      match.Offer(3 + Count(text_, at + 3, IsDigit), MySqlLexer::VERSIONED_COMMENT_START);
    } else {
      // '/*' (~'!' .*?)? '*/': empty, or a first character and then up to the first '*/' after it.
      if (text_.compare(at + 2, 2, "*/") == 0) match.Offer(4, MySqlLexer::BLOCK_COMMENT);
      std::size_t close = at + 3 < text_.size() ? text_.find("*/", at + 3) : std::string_view::npos;
      if (close != std::string_view::npos) match.Offer(close + 2 - at, MySqlLexer::BLOCK_COMMENT);
    }
  } else if (c == '*' && in_versioned_comment_ && At(text_, at + 1, '/')) {
    match.Offer(2, MySqlLexer::VERSIONED_COMMENT_END);
  } else if (c == '#') {
    match.Offer(1 + Count(text_, at + 1, NotLineEnd), MySqlLexer::LINE_COMMENT);
  } else if (c == '-' && At(text_, at + 1, '-')) {
    if (At(text_, at + 2, ' ') || At(text_, at + 2, '\t')) {
      match.Offer(3 + Count(text_, at + 3, NotLineEnd), MySqlLexer::LINE_COMMENT);
    } else if (at + 2 >= text_.size() || IsLineEnd(text_[at + 2])) {
      match.Offer(2, MySqlLexer::LINE_COMMENT);
    }
  }
}

}  // namespace sqlroute::parser
