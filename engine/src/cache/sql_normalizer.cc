#include "cache/sql_normalizer.h"

#include <cstdlib>

#include "parser/literal_text.h"

namespace sqlroute::cache {
namespace {

constexpr char kPlaceholder = '\x01';

bool IsDigit(unsigned char c) { return c >= '0' && c <= '9'; }
bool IsHexDigit(unsigned char c) { return IsDigit(c) || (c >= 'a' && c <= 'f') || (c >= 'A' && c <= 'F'); }
bool IsAsciiAlnum(unsigned char c) { return IsDigit(c) || ((c | 0x20) >= 'a' && (c | 0x20) <= 'z'); }
bool IsIdStart(unsigned char c) { return ((c | 0x20) >= 'a' && (c | 0x20) <= 'z') || c == '_' || c == '$' || c >= 0x80; }
bool IsIdPart(unsigned char c) { return IsIdStart(c) || IsDigit(c); }
bool IsBit(unsigned char c) { return c == '0' || c == '1'; }
bool IsSpace(unsigned char c) { return c == ' ' || c == '\t' || c == '\r' || c == '\n' || c == '\f' || c == '\v'; }

class Scanner {
 public:
  explicit Scanner(std::string_view sql) : sql_(sql) { out_.shape.reserve(sql.size()); }

  std::optional<NormalizedSql> Run() {
    while (pos_ < sql_.size()) {
      if (!Step()) return std::nullopt;
    }
    return std::move(out_);
  }

 private:
  unsigned char At(std::size_t i) const { return i < sql_.size() ? static_cast<unsigned char>(sql_[i]) : 0; }

  void Verbatim(std::size_t end) {
    out_.shape.append(sql_.substr(pos_, end - pos_));
    pos_ = end;
  }

  void Literal(std::size_t end, LiteralClass type) {
    out_.literals.push_back({static_cast<uint32_t>(pos_), static_cast<uint32_t>(end), type});
    out_.shape += kPlaceholder;
    out_.shape += static_cast<char>(type);
    pos_ = end;
  }

  // End of a quoted run starting at `open` (backslash escapes only for strings); npos if unterminated.
  std::size_t QuotedEnd(std::size_t open, bool escapes) const {
    char quote = sql_[open];
    for (std::size_t i = open + 1; i < sql_.size(); ++i) {
      if (escapes && sql_[i] == '\\') {
        ++i;
      } else if (sql_[i] == quote) {
        if (At(i + 1) != static_cast<unsigned char>(quote)) return i + 1;
        ++i;
      }
    }
    return std::string_view::npos;
  }

  std::size_t Run(std::size_t i, bool (*pred)(unsigned char)) const {
    while (i < sql_.size() && pred(At(i))) ++i;
    return i;
  }

  bool Step() {
    unsigned char c = At(pos_);
    if (c < 0x20 && !IsSpace(c)) return false;  // control bytes: leave to the parser
    if (IsSpace(c)) {
      Verbatim(Run(pos_, IsSpace));
      return true;
    }
    if (c == '/' && At(pos_ + 1) == '*') {
      if (At(pos_ + 2) == '!') {  // versioned comment: its content is lexed as SQL
        Verbatim(Run(pos_ + 3, IsDigit));
        return true;
      }
      std::size_t close = sql_.find("*/", pos_ + 2);
      if (close == std::string_view::npos) return false;
      Verbatim(close + 2);
      return true;
    }
    if (c == '#' || (c == '-' && At(pos_ + 1) == '-' && (At(pos_ + 2) == ' ' || At(pos_ + 2) == '\t' ||
                                                          At(pos_ + 2) == '\n' || At(pos_ + 2) == '\r' || At(pos_ + 2) == 0))) {
      std::size_t end = sql_.find_first_of("\r\n", pos_);
      Verbatim(end == std::string_view::npos ? sql_.size() : end);
      return true;
    }
    if (c == '\'' || c == '"') {
      std::size_t end = QuotedEnd(pos_, true);
      if (end == std::string_view::npos) return false;
      Literal(end, c == '\'' ? LiteralClass::String : LiteralClass::DqString);
      return true;
    }
    if (c == '`') {
      std::size_t end = QuotedEnd(pos_, false);
      if (end == std::string_view::npos) return false;
      Verbatim(end);
      return true;
    }
    if (c == '@') return Variable();
    if (IsDigit(c) || (c == '.' && IsDigit(At(pos_ + 1)))) {
      Number();
      return true;
    }
    if (IsIdStart(c)) return Word();
    Verbatim(pos_ + 1);
    return true;
  }

  // @name, @'name', @@name, @@`name`: kept as written (a quoted user variable is no literal).
  bool Variable() {
    std::size_t i = pos_ + 1;
    bool system = At(i) == '@';
    if (system) ++i;
    unsigned char c = At(i);
    if (c == '`' || (!system && (c == '\'' || c == '"'))) {
      std::size_t end = QuotedEnd(i, c != '`');
      if (end == std::string_view::npos) return false;
      Verbatim(end);
      return true;
    }
    while (i < sql_.size() && (IsIdPart(At(i)) || At(i) == '.')) ++i;
    Verbatim(i);
    return true;
  }

  // Identifiers and keywords, and the literals that start like one: X'..', B'..', N'..', _charset'..'.
  bool Word() {
    unsigned char c = At(pos_) | 0x20;
    if ((c == 'x' || c == 'b') && At(pos_ + 1) == '\'') {
      std::size_t i = Run(pos_ + 2, c == 'x' ? IsHexDigit : IsBit);
      if (At(i) == '\'') {
        Literal(i + 1, c == 'x' ? LiteralClass::Hex : LiteralClass::Bits);
        return true;
      }
    }
    if (c == 'n' && At(pos_ + 1) == '\'') {
      std::size_t end = QuotedEnd(pos_ + 1, true);
      if (end == std::string_view::npos) return false;
      Literal(end, LiteralClass::National);
      return true;
    }
    if (At(pos_) == '_') {
      std::size_t i = Run(pos_ + 1, IsAsciiAlnum);
      if (i > pos_ + 1 && At(i) == '\'') {
        std::size_t end = QuotedEnd(i, true);
        if (end == std::string_view::npos) return false;
        Literal(end, LiteralClass::Charset);
        return true;
      }
    }
    Verbatim(Run(pos_, IsIdPart));
    return true;
  }

  // The longest of HEX_NUM, BIT_NUM, FLOAT_NUM, DECIMAL_NUM, INTEGER_NUM and IDENTIFIER (digits
  // then a letter); on a tie the literal wins, as the lexer's rule order says.
  void Number() {
    std::size_t best = pos_;
    LiteralClass type = LiteralClass::Integer;
    auto consider = [&](std::size_t end, LiteralClass candidate) {
      if (end > best) best = end, type = candidate;
    };
    if (At(pos_) == '0' && At(pos_ + 1) == 'x' && IsHexDigit(At(pos_ + 2))) consider(Run(pos_ + 2, IsHexDigit), LiteralClass::Hex);
    if (At(pos_) == '0' && At(pos_ + 1) == 'b' && IsBit(At(pos_ + 2))) consider(Run(pos_ + 2, IsBit), LiteralClass::Bits);
    std::size_t i = Run(pos_, IsDigit);
    LiteralClass numeric = LiteralClass::Integer;
    if (At(i) == '.') {
      i = Run(i + 1, IsDigit);
      numeric = LiteralClass::Decimal;
    }
    if ((At(i) | 0x20) == 'e') {
      std::size_t digits = i + 1 + (At(i + 1) == '+' || At(i + 1) == '-');
      if (IsDigit(At(digits))) {
        i = Run(digits, IsDigit);
        numeric = LiteralClass::Float;
      }
    }
    consider(i, numeric);
    std::size_t word = Run(pos_, IsDigit);
    if (word > pos_ && IsIdStart(At(word)) && Run(word, IsIdPart) > best) {
      Verbatim(Run(word, IsIdPart));
      return;
    }
    Literal(best, type);
  }

  std::string_view sql_;
  std::size_t pos_ = 0;
  NormalizedSql out_;
};

}  // namespace

std::optional<NormalizedSql> Normalize(std::string_view sql) {
  if (sql.size() >= UINT32_MAX) return std::nullopt;
  return Scanner(sql).Run();
}

Value DecodeLiteral(std::string_view token, LiteralClass type) {
  switch (type) {
    case LiteralClass::Integer: return Value::Integer(token);
    case LiteralClass::Decimal: return Value::Decimal(parser::CanonicalDecimal(token));
    case LiteralClass::Float: return Value::Double(std::strtod(std::string(token).c_str(), nullptr));
    case LiteralClass::Hex: return Value::Bytes(parser::DecodeHex(token));
    case LiteralClass::Bits: return Value::Bytes(parser::DecodeBits(token));
    default: return Value::String(parser::DecodeQuoted(token.substr(token.find_first_of("'\""))));
  }
}

}  // namespace sqlroute::cache
