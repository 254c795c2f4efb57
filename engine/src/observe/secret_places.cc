#include "observe/secret_places.h"

#include <algorithm>
#include <cctype>

namespace sqlroute::observe {
namespace {

enum class TokenKind { Word, Literal, Param, Open, Close, Equals, Other };

struct Token {
  TokenKind kind;
  std::string_view text;
  std::size_t index = 0;  // Literal: its index among the literals; Param: its ordinal
};

bool IsSpace(unsigned char c) { return c == ' ' || c == '\t' || c == '\r' || c == '\n' || c == '\f' || c == '\v'; }
bool IsDigit(unsigned char c) { return c >= '0' && c <= '9'; }
bool IsWordByte(unsigned char c) {
  return IsDigit(c) || ((c | 0x20) >= 'a' && (c | 0x20) <= 'z') || c == '_' || c == '$' || c >= 0x80;
}

// The tokens of `sql` that matter here; comments, quoted identifiers and user variables are
// skipped the way the normalizer skips them, so its literal offsets line up.
class Tokenizer {
 public:
  Tokenizer(std::string_view sql, const std::vector<cache::LiteralToken>& literals) : sql_(sql), literals_(literals) {}

  std::vector<Token> Run() {
    while (pos_ < sql_.size()) Step();
    return std::move(tokens_);
  }
  std::size_t params() const { return params_; }

 private:
  unsigned char At(std::size_t i) const { return i < sql_.size() ? static_cast<unsigned char>(sql_[i]) : 0; }

  std::size_t QuotedEnd(std::size_t open) const {
    char quote = sql_[open];
    for (std::size_t i = open + 1; i < sql_.size(); ++i) {
      if (quote != '`' && sql_[i] == '\\') {
        ++i;
      } else if (sql_[i] == quote) {
        if (At(i + 1) != static_cast<unsigned char>(quote)) return i + 1;
        ++i;
      }
    }
    return sql_.size();
  }

  void Push(TokenKind kind, std::size_t end, std::size_t index = 0) {
    tokens_.push_back({kind, sql_.substr(pos_, end - pos_), index});
    pos_ = end;
  }

  void Step() {
    while (next_literal_ < literals_.size() && literals_[next_literal_].begin < pos_) ++next_literal_;
    if (next_literal_ < literals_.size() && literals_[next_literal_].begin == pos_) {
      Push(TokenKind::Literal, literals_[next_literal_].end, next_literal_);
      ++next_literal_;
      return;
    }
    unsigned char c = At(pos_);
    if (IsSpace(c)) {
      ++pos_;
    } else if (c == '/' && At(pos_ + 1) == '*') {
      if (At(pos_ + 2) == '!') {  // versioned comment: its content is SQL
        pos_ += 3;
        while (IsDigit(At(pos_))) ++pos_;
      } else {
        std::size_t close = sql_.find("*/", pos_ + 2);
        pos_ = close == std::string_view::npos ? sql_.size() : close + 2;
      }
    } else if (c == '#' || (c == '-' && At(pos_ + 1) == '-' && (IsSpace(At(pos_ + 2)) || At(pos_ + 2) == 0))) {
      std::size_t end = sql_.find_first_of("\r\n", pos_);
      pos_ = end == std::string_view::npos ? sql_.size() : end;
    } else if (c == '`') {
      pos_ = QuotedEnd(pos_);
    } else if (c == '@') {
      Variable();
    } else if (IsWordByte(c)) {
      std::size_t end = pos_;
      while (IsWordByte(At(end))) ++end;
      Push(TokenKind::Word, end);
    } else {
      TokenKind kind = c == '?' ? TokenKind::Param
                       : c == '(' ? TokenKind::Open
                       : c == ')' ? TokenKind::Close
                       : c == '=' ? TokenKind::Equals
                                  : TokenKind::Other;
      Push(kind, pos_ + 1, kind == TokenKind::Param ? params_++ : 0);
    }
  }

  // @name, @'name', @@name, @@`name`: no token.
  void Variable() {
    std::size_t i = pos_ + 1;
    bool system = At(i) == '@';
    if (system) ++i;
    unsigned char c = At(i);
    if (c == '`' || (!system && (c == '\'' || c == '"'))) {
      pos_ = QuotedEnd(i);
      return;
    }
    while (i < sql_.size() && (IsWordByte(At(i)) || At(i) == '.')) ++i;
    pos_ = i;
  }

  std::string_view sql_;
  const std::vector<cache::LiteralToken>& literals_;
  std::size_t pos_ = 0;
  std::size_t next_literal_ = 0;
  std::size_t params_ = 0;
  std::vector<Token> tokens_;
};

bool IsWord(const std::vector<Token>& tokens, std::size_t i, std::string_view word) {
  if (i >= tokens.size() || tokens[i].kind != TokenKind::Word || tokens[i].text.size() != word.size()) return false;
  return std::equal(word.begin(), word.end(), tokens[i].text.begin(),
                    [](char a, char b) { return a == std::toupper(static_cast<unsigned char>(b)); });
}

bool EndsWithPassword(const Token& token) {
  constexpr std::string_view kPassword = "PASSWORD";
  if (token.kind != TokenKind::Word || token.text.size() < kPassword.size()) return false;
  std::string_view tail = token.text.substr(token.text.size() - kPassword.size());
  return std::equal(kPassword.begin(), kPassword.end(), tail.begin(),
                    [](char a, char b) { return a == std::toupper(static_cast<unsigned char>(b)); });
}

bool IsSecretFunction(const std::vector<Token>& tokens, std::size_t i) {
  if (i + 1 >= tokens.size() || tokens[i + 1].kind != TokenKind::Open) return false;
  for (const char* name : {"AES_ENCRYPT", "AES_DECRYPT", "DES_ENCRYPT", "DES_DECRYPT", "ENCODE", "DECODE", "ENCRYPT",
                           "PASSWORD", "OLD_PASSWORD"}) {
    if (IsWord(tokens, i, name)) return true;
  }
  return false;
}

class Marker {
 public:
  Marker(std::size_t literals, std::size_t params) {
    places_.literals.assign(literals, false);
    places_.params.assign(params, false);
  }
  void Mark(const std::vector<Token>& tokens, std::size_t i) {
    if (i >= tokens.size()) return;
    if (tokens[i].kind == TokenKind::Literal) places_.literals[tokens[i].index] = true;
    if (tokens[i].kind == TokenKind::Param) places_.params[tokens[i].index] = true;
  }
  // Marks the tokens inside the parentheses opening at `open`; returns the index of the close.
  std::size_t MarkCall(const std::vector<Token>& tokens, std::size_t open) {
    int depth = 0;
    std::size_t i = open;
    for (; i < tokens.size(); ++i) {
      if (tokens[i].kind == TokenKind::Open) ++depth;
      if (tokens[i].kind == TokenKind::Close && --depth == 0) break;
      Mark(tokens, i);
    }
    return i;
  }
  SecretPlaces Take() { return std::move(places_); }

 private:
  SecretPlaces places_;
};

}  // namespace

SecretPlaces FindSecretPlaces(std::string_view sql, const cache::NormalizedSql& normalized) {
  Tokenizer tokenizer(sql, normalized.literals);
  std::vector<Token> tokens = tokenizer.Run();
  Marker marker(normalized.literals.size(), tokenizer.params());
  bool set_password = IsWord(tokens, 0, "SET") && IsWord(tokens, 1, "PASSWORD");
  for (std::size_t i = 0; i < tokens.size(); ++i) {
    if (set_password) {
      marker.Mark(tokens, i);
    } else if (IsSecretFunction(tokens, i)) {
      i = marker.MarkCall(tokens, i + 1);
    } else if (IsWord(tokens, i, "IDENTIFIED")) {
      std::size_t j = i + 1;
      if (IsWord(tokens, j, "WITH")) j += 2;  // the plugin
      if (IsWord(tokens, j, "BY") || IsWord(tokens, j, "AS")) {
        ++j;
        if (IsWord(tokens, j, "PASSWORD")) ++j;
        marker.Mark(tokens, j);
      }
    } else if (IsWord(tokens, i, "REPLACE")) {
      marker.Mark(tokens, i + 1);
    } else if (EndsWithPassword(tokens[i])) {
      marker.Mark(tokens, i + 1 < tokens.size() && tokens[i + 1].kind == TokenKind::Equals ? i + 2 : i + 1);
    }
  }
  return marker.Take();
}

}  // namespace sqlroute::observe
