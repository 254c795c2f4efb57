#include "cache/sql_normalizer.h"

#include <algorithm>
#include <array>
#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <string_view>

#include "parser/literal_text.h"

namespace sqlroute::cache {
namespace {

constexpr char kPlaceholder = '\x01';
constexpr std::size_t kIntDigits = 9;  // an integer this long always fits an Int

// Character classes, looked up in one table.
enum : uint8_t {
  kDigit = 1, kHexDigit = 2, kAsciiAlnum = 4, kIdStart = 8, kBit = 16, kSpace = 32, kPlain = 64,
  kWord = 128,  // starts an identifier or keyword that cannot be a literal's prefix (not x b n _)
};

// Punctuation that is a token of its own whatever follows: copied as written, a run at a time.
constexpr std::string_view kPlainPunctuation = ",()=<>!+*%&|^~?:;{}[]";

constexpr std::array<uint8_t, 256> kClasses = [] {
  std::array<uint8_t, 256> table{};
  for (int c = 0; c < 256; ++c) {
    bool digit = c >= '0' && c <= '9';
    bool letter = (c | 0x20) >= 'a' && (c | 0x20) <= 'z';
    uint8_t bits = 0;
    if (digit) bits |= kDigit;
    if (digit || (c >= 'a' && c <= 'f') || (c >= 'A' && c <= 'F')) bits |= kHexDigit;
    if (digit || letter) bits |= kAsciiAlnum;
    if (letter || c == '_' || c == '$' || c >= 0x80) bits |= kIdStart;
    if (c == '0' || c == '1') bits |= kBit;
    if (c == ' ' || c == '\t' || c == '\r' || c == '\n' || c == '\f' || c == '\v') bits |= kSpace | kPlain;
    if (kPlainPunctuation.find(static_cast<char>(c)) != std::string_view::npos) bits |= kPlain;
    bool prefix = (c | 0x20) == 'x' || (c | 0x20) == 'b' || (c | 0x20) == 'n' || c == '_';
    if ((bits & kIdStart) && !prefix) bits |= kWord;
    table[static_cast<std::size_t>(c)] = bits;
  }
  return table;
}();

bool IsDigit(unsigned char c) { return kClasses[c] & kDigit; }
bool IsHexDigit(unsigned char c) { return kClasses[c] & kHexDigit; }
bool IsAsciiAlnum(unsigned char c) { return kClasses[c] & kAsciiAlnum; }
bool IsIdStart(unsigned char c) { return kClasses[c] & kIdStart; }
bool IsIdPart(unsigned char c) { return kClasses[c] & (kIdStart | kDigit); }
bool IsBit(unsigned char c) { return kClasses[c] & kBit; }
bool IsSpace(unsigned char c) { return kClasses[c] & kSpace; }
bool IsPlain(unsigned char c) { return kClasses[c] & kPlain; }

class Scanner {
 public:
  Scanner(std::string_view sql, std::size_t max_literals) : sql_(sql), max_literals_(max_literals) {
    // A literal of n >= 1 bytes becomes 2, so the shape needs at most twice the text; a huge
    // statement may stop at the literal cap, so it starts smaller and grows.
    out_.shape.resize(std::min(2 * sql.size() + 2, kFirstShapeBytes));
  }

  std::optional<NormalizedSql> Run() {
    while (pos_ < sql_.size()) {
      uint8_t type = kClasses[static_cast<unsigned char>(sql_[pos_])];
      if (type & kPlain) {  // the common tokens first, without Step's checks
        ++pos_;
      } else if (type & kWord) {
        pos_ = RunOf<IsIdPart>(pos_ + 1);
      } else if (type & kDigit) {  // nothing else starts with a digit
        Number();
        if (out_.literals.size() > max_literals_) return std::nullopt;
      } else if (!Step() || out_.literals.size() > max_literals_) {
        return std::nullopt;
      }
    }
    Flush();
    out_.shape.resize(used_);
    return std::move(out_);
  }

 private:
  static constexpr std::size_t kFirstShapeBytes = 16384;

  unsigned char At(std::size_t i) const { return i < sql_.size() ? static_cast<unsigned char>(sql_[i]) : 0; }

  // Text up to `end` goes to the shape as written: it is copied in one piece when the next
  // literal (or the end) comes.
  void Verbatim(std::size_t end) { pos_ = end; }

  // The shape is written through a cursor (`used_` bytes of out_.shape), not appended to:
  // Normalize of a 1,000-value IN, 224 k -> 193 k instructions (callgrind).
  void Flush() {
    std::size_t length = pos_ - flushed_;
    if (used_ + length + 2 > out_.shape.size()) out_.shape.resize(std::max(2 * out_.shape.size(), used_ + length + 2));
    char* to = &out_.shape[used_];
    const char* from = sql_.data() + flushed_;
    if (length <= 8) {
      for (std::size_t i = 0; i < length; ++i) to[i] = from[i];
    } else {
      std::memcpy(to, from, length);
    }
    used_ += length;
    flushed_ = pos_;
  }

  void Literal(std::size_t end, LiteralClass type) {
    Flush();  // leaves room for the placeholder
    out_.literals.push_back({static_cast<uint32_t>(pos_), static_cast<uint32_t>(end), type});
    out_.shape[used_++] = kPlaceholder;
    out_.shape[used_++] = static_cast<char>(type);
    pos_ = flushed_ = end;
  }

  // End of a quoted run starting at `open` (backslash escapes only for strings); npos if unterminated.
  // memchr finds the quote and any backslash before it: insert_100_rows has 18,000 quoted bytes.
  std::size_t QuotedEnd(std::size_t open, bool escapes) const {
    char quote = sql_[open];
    const char* data = sql_.data();
    std::size_t i = open + 1;
    while (i < sql_.size()) {
      const void* found = std::memchr(data + i, quote, sql_.size() - i);
      if (!found) return std::string_view::npos;
      std::size_t at = static_cast<std::size_t>(static_cast<const char*>(found) - data);
      const void* escape = escapes ? std::memchr(data + i, '\\', at - i) : nullptr;
      if (escape) {
        i = static_cast<std::size_t>(static_cast<const char*>(escape) - data) + 2;
      } else if (At(at + 1) == static_cast<unsigned char>(quote)) {
        i = at + 2;
      } else {
        return at + 1;
      }
    }
    return std::string_view::npos;
  }

  // The end of the run of characters from `i` that `Pred` accepts (a template: inlined).
  template <bool (*Pred)(unsigned char)>
  std::size_t RunOf(std::size_t i) const {
    while (i < sql_.size() && Pred(static_cast<unsigned char>(sql_[i]))) ++i;
    return i;
  }

  bool Step() {
    unsigned char c = At(pos_);
    if (c < 0x20 && !IsSpace(c)) return false;  // control bytes: leave to the parser
    if (IsPlain(c)) {
      Verbatim(RunOf<IsPlain>(pos_));
      return true;
    }
    if (IsDigit(c)) {  // nothing else starts with a digit
      Number();
      return true;
    }
    if (c == '/' && At(pos_ + 1) == '*') {
      if (At(pos_ + 2) == '!') {  // versioned comment: its content is lexed as SQL
        Verbatim(RunOf<IsDigit>(pos_ + 3));
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
    if (c == '.' && IsDigit(At(pos_ + 1))) {
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
      std::size_t i = c == 'x' ? RunOf<IsHexDigit>(pos_ + 2) : RunOf<IsBit>(pos_ + 2);
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
      std::size_t i = RunOf<IsAsciiAlnum>(pos_ + 1);
      if (i > pos_ + 1 && At(i) == '\'') {
        std::size_t end = QuotedEnd(i, true);
        if (end == std::string_view::npos) return false;
        Literal(end, LiteralClass::Charset);
        return true;
      }
    }
    Verbatim(RunOf<IsIdPart>(pos_));
    return true;
  }

  // The longest of HEX_NUM, BIT_NUM, FLOAT_NUM, DECIMAL_NUM, INTEGER_NUM and IDENTIFIER (digits
  // then a letter); on a tie the literal wins, as the lexer's rule order says.
  void Number() {
    std::size_t digits = RunOf<IsDigit>(pos_);
    if (digits > pos_ && At(digits) != '.' && !IsIdPart(At(digits))) {  // plain digits: INTEGER_NUM
      Literal(digits, LiteralClass::Integer);
      return;
    }
    std::size_t best = pos_;
    LiteralClass type = LiteralClass::Integer;
    auto consider = [&](std::size_t end, LiteralClass candidate) {
      if (end > best) best = end, type = candidate;
    };
    if (At(pos_) == '0' && At(pos_ + 1) == 'x' && IsHexDigit(At(pos_ + 2))) consider(RunOf<IsHexDigit>(pos_ + 2), LiteralClass::Hex);
    if (At(pos_) == '0' && At(pos_ + 1) == 'b' && IsBit(At(pos_ + 2))) consider(RunOf<IsBit>(pos_ + 2), LiteralClass::Bits);
    std::size_t i = RunOf<IsDigit>(pos_);
    LiteralClass numeric = LiteralClass::Integer;
    if (At(i) == '.') {
      i = RunOf<IsDigit>(i + 1);
      numeric = LiteralClass::Decimal;
    }
    if ((At(i) | 0x20) == 'e') {
      std::size_t digits = i + 1 + (At(i + 1) == '+' || At(i + 1) == '-');
      if (IsDigit(At(digits))) {
        i = RunOf<IsDigit>(digits);
        numeric = LiteralClass::Float;
      }
    }
    consider(i, numeric);
    std::size_t word = RunOf<IsDigit>(pos_);
    if (word > pos_ && IsIdStart(At(word)) && RunOf<IsIdPart>(word) > best) {
      Verbatim(RunOf<IsIdPart>(word));
      return;
    }
    Literal(best, type);
  }

  std::string_view sql_;
  std::size_t max_literals_;
  std::size_t pos_ = 0;
  std::size_t flushed_ = 0;  // sql_[0, flushed_) is in the shape
  std::size_t used_ = 0;     // bytes of out_.shape written
  NormalizedSql out_;
};

}  // namespace

std::optional<NormalizedSql> Normalize(std::string_view sql, std::size_t max_literals) {
  if (sql.size() >= UINT32_MAX) return std::nullopt;
  return Scanner(sql, max_literals).Run();
}

Value DecodeLiteral(std::string_view token, LiteralClass type) {
  switch (type) {
    case LiteralClass::Integer: {
      if (token.size() > kIntDigits) return Value::Integer(token);
      int32_t value = 0;  // INTEGER_NUM: digits only, and this few always fit an Int
      for (char c : token) value = value * 10 + (c - '0');
      return Value::Int(value);
    }
    case LiteralClass::Decimal: return Value::Decimal(parser::CanonicalDecimal(token));
    case LiteralClass::Float: return Value::Double(std::strtod(std::string(token).c_str(), nullptr));
    case LiteralClass::Hex: return Value::Bytes(parser::DecodeHex(token));
    case LiteralClass::Bits: return Value::Bytes(parser::DecodeBits(token));
    default: return Value::String(parser::DecodeQuoted(token.substr(token.find_first_of("'\""))));
  }
}

}  // namespace sqlroute::cache
