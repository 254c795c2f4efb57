#include "config/distsql_lexer.h"

#include <cctype>
#include <cstring>

#include "sqlroute/error_text.h"

namespace sqlroute::config::distsql {

namespace {

bool IsWordChar(char c) {
  return std::isalnum(static_cast<unsigned char>(c)) || c == '_' || c == '$' || static_cast<unsigned char>(c) >= 0x80;
}

class Lexer {
 public:
  explicit Lexer(std::string_view script) : script_(script) {}

  std::vector<Token> Run() {
    std::vector<Token> result;
    while (SkipSpaceAndComments()) result.push_back(Next());
    result.push_back({Token::Kind::End, "", script_.size()});
    return result;
  }

 private:
  [[noreturn]] void Fail(ErrorText text, std::size_t offset) const {
    throw Error(std::move(text), PositionAt(script_, offset));
  }

  bool StartsWith(const char* text) const { return script_.substr(pos_, std::strlen(text)) == text; }

  // Returns false at the end of the script.
  bool SkipSpaceAndComments() {
    while (pos_ < script_.size()) {
      if (std::isspace(static_cast<unsigned char>(script_[pos_]))) {
        ++pos_;
      } else if (StartsWith("--") || script_[pos_] == '#') {
        while (pos_ < script_.size() && script_[pos_] != '\n') ++pos_;
      } else if (StartsWith("/*")) {
        auto end = script_.find("*/", pos_ + 2);
        if (end == std::string_view::npos) Fail(Message<msg::DistSqlUnterminatedComment>(), pos_);
        pos_ = end + 2;
      } else {
        return true;
      }
    }
    return false;
  }

  Token Next() {
    std::size_t start = pos_;
    char c = script_[pos_];
    if (c == '\'' || c == '"') return {Token::Kind::String, Quoted(c), start};
    if (c == '`') return {Token::Kind::QuotedName, Quoted(c), start};
    bool signed_number = (c == '-' || c == '+') && pos_ + 1 < script_.size() &&
                         std::isdigit(static_cast<unsigned char>(script_[pos_ + 1]));
    if (std::isdigit(static_cast<unsigned char>(c)) || signed_number) return Number();
    if (IsWordChar(c)) {
      while (pos_ < script_.size() && IsWordChar(script_[pos_])) ++pos_;
      return {Token::Kind::Word, std::string(script_.substr(start, pos_ - start)), start};
    }
    if (std::strchr("(),=;.*[]", c) != nullptr) {
      ++pos_;
      return {Token::Kind::Symbol, std::string(1, c), start};
    }
    Fail(Message<msg::DistSqlUnexpectedCharacter>(arg::character = c), start);
  }

  Token Number() {
    std::size_t start = pos_++;
    while (pos_ < script_.size() && (std::isdigit(static_cast<unsigned char>(script_[pos_])) || script_[pos_] == '.')) {
      ++pos_;
    }
    if (pos_ < script_.size() && IsWordChar(script_[pos_])) {  // a name such as 0ds: read as a word
      while (pos_ < script_.size() && IsWordChar(script_[pos_])) ++pos_;
      return {Token::Kind::Word, std::string(script_.substr(start, pos_ - start)), start};
    }
    return {Token::Kind::Number, std::string(script_.substr(start, pos_ - start)), start};
  }

  // A literal between `quote` characters; a doubled quote or a backslash escapes.
  std::string Quoted(char quote) {
    std::size_t start = pos_++;
    std::string result;
    while (pos_ < script_.size()) {
      char c = script_[pos_++];
      if (c == '\\' && quote != '`' && pos_ < script_.size()) {
        result += script_[pos_++];
      } else if (c == quote) {
        if (pos_ < script_.size() && script_[pos_] == quote) {
          result += quote;
          ++pos_;
        } else {
          return result;
        }
      } else {
        result += c;
      }
    }
    Fail(Message<msg::DistSqlUnterminatedLiteral>(), start);
  }

  std::string_view script_;
  std::size_t pos_ = 0;
};

}  // namespace

std::vector<Token> Tokenize(std::string_view script) { return Lexer(script).Run(); }

}  // namespace sqlroute::config::distsql
