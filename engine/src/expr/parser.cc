#include "expr/parser.h"

#include <algorithm>
#include <string_view>

#include "expr/inline_errors.h"
#include "expr/java_text.h"
#include "sqlroute/error_text.h"

namespace sqlroute::expr {
namespace {

enum class Tok : uint8_t { End, Number, String, DoubleQuote, Identifier, Symbol };

struct Token {
  Tok type = Tok::End;
  size_t start = 0, end = 0;
  std::string_view text;  // identifier or symbol
  JValue value;           // number or single-quoted string
};

struct OpEntry {
  std::string_view symbol;
  BinaryOp op;
};

bool IsDigit(char c) { return c >= '0' && c <= '9'; }
bool IsIdentifierStart(char c) {
  return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_' || static_cast<unsigned char>(c) >= 0x80;
}
bool IsIdentifierPart(char c) { return IsIdentifierStart(c) || IsDigit(c); }
bool IsJavaSpace(char c) { return static_cast<unsigned char>(c) <= ' '; }

// Longest first: the first symbol that matches is taken.
constexpr std::string_view kSymbols[] = {">>>", "..<", "==", "!=", "<=", ">=", "&&", "||", "..", "?.", "?:", "**",
                                         "<<",  ">>",  "+",  "-",  "*",  "/",  "%",  "(",  ")",  "[",  "]",  ",",
                                         ".",   "?",   ":",  "<",  ">",  "!",  "~",  "&",  "|",  "^",  "{",  "}"};

class Parser {
 public:
  Parser(Program* program, size_t start) : program_(*program), src_(program->source), pos_(start) {}

  // GString text up to the closing quote (`nested`) or the end of the source. With `items`,
  // top-level commas end an item: each trimmed, non-empty item becomes a Template node.
  int32_t Template(bool nested, size_t open_quote, std::vector<int32_t>* items);

 private:
  class DepthGuard {
   public:
    DepthGuard(Parser* parser, size_t position) : parser_(parser) {
      if (++parser_->depth_ > kMaxNestingDepth) parser_->Fail(position, Message<msg::InlineNestedTooDeep>());
    }
    ~DepthGuard() { --parser_->depth_; }

   private:
    Parser* parser_;
  };

  [[noreturn]] void Fail(size_t offset, const ErrorText& detail) { ThrowInvalidAt(src_, offset, detail); }

  // --- nodes
  int32_t AddNode(Node node, std::initializer_list<int32_t> operands, const std::vector<int32_t>& list = {});
  int32_t AddConstant(JValue value, size_t position);
  int32_t AddVariable(std::string_view name, size_t position);
  int32_t FinishTemplate(std::vector<int32_t>* parts, size_t position);

  // --- lexing
  size_t DecodeEscape(size_t at, std::string* out);
  int32_t Placeholder();
  Token Peek();
  Token Next();
  bool IsSymbol(const Token& token, std::string_view symbol) const {
    return token.type == Tok::Symbol && token.text == symbol;
  }
  bool Accept(std::string_view symbol);
  void Expect(std::string_view symbol);
  Token LexNumber(size_t start);
  Token LexSingleQuoted(size_t start);

  // --- grammar, lowest precedence first
  int32_t Expression();
  int32_t Or();
  int32_t And();
  int32_t LeftAssociative(int32_t (Parser::*operand)(), std::initializer_list<OpEntry> ops);
  int32_t BitOr();
  int32_t BitXor();
  int32_t BitAnd();
  int32_t Equality();
  int32_t Relational();
  int32_t ShiftOrRange();
  int32_t Additive();
  int32_t Multiplicative();
  int32_t SignedUnary();
  int32_t PowerExpression();
  int32_t Unary();
  int32_t Postfix();
  int32_t Primary();
  std::vector<int32_t> Arguments();
  int32_t MethodCall(const MethodInfo* method, const Token& name, int32_t receiver, bool safe,
                     const std::vector<int32_t>& args);

  Program& program_;
  const std::string& src_;
  size_t pos_;
  int depth_ = 0;
  std::vector<int> node_depths_;
  bool cached_ = false;
  size_t cached_pos_ = 0;
  Token cached_token_;
};

// `operands` fill a, b, c in order; `list` becomes the node's children.
int32_t Parser::AddNode(Node node, std::initializer_list<int32_t> operands, const std::vector<int32_t>& list) {
  int depth = 0;
  int32_t* slots[] = {&node.a, &node.b, &node.c};
  size_t slot = 0;
  for (int32_t index : operands) {
    *slots[slot++] = index;
    if (index >= 0) depth = std::max(depth, node_depths_[index]);
  }
  for (int32_t index : list) depth = std::max(depth, node_depths_[index]);
  if (depth + 1 > kMaxNestingDepth) Fail(node.position, Message<msg::InlineNestedTooDeep>());
  node.first = static_cast<uint32_t>(program_.children.size());
  node.count = static_cast<uint32_t>(list.size());
  program_.children.insert(program_.children.end(), list.begin(), list.end());
  program_.nodes.push_back(node);
  node_depths_.push_back(depth + 1);
  return static_cast<int32_t>(program_.nodes.size() - 1);
}

int32_t Parser::AddConstant(JValue value, size_t position) {
  Node node;
  node.kind = NodeKind::Constant;
  node.position = static_cast<uint32_t>(position);
  node.a = static_cast<int32_t>(program_.constants.size());
  program_.constants.push_back(std::move(value));
  return AddNode(node, {});
}

int32_t Parser::AddVariable(std::string_view name, size_t position) {
  auto& names = program_.names;
  auto found = std::find(names.begin(), names.end(), name);
  Node node;
  node.kind = NodeKind::Variable;
  node.position = static_cast<uint32_t>(position);
  node.a = static_cast<int32_t>(found - names.begin());
  if (found == names.end()) names.emplace_back(name);
  return AddNode(node, {});
}

int32_t Parser::FinishTemplate(std::vector<int32_t>* parts, size_t position) {
  Node node;
  node.kind = NodeKind::Template;
  node.position = static_cast<uint32_t>(position);
  int32_t index = AddNode(node, {}, *parts);
  parts->clear();
  return index;
}

int32_t Parser::Template(bool nested, size_t open_quote, std::vector<int32_t>* items) {
  DepthGuard guard(this, open_quote);
  std::vector<int32_t> parts;
  std::string literal;
  size_t literal_start = pos_, item_start = pos_;
  auto flush_literal = [&] {
    if (!literal.empty()) parts.push_back(AddConstant(JValue::String(std::move(literal)), literal_start));
    literal.clear();
  };
  auto skip_leading_space = [&] {
    while (items && pos_ < src_.size() && IsJavaSpace(src_[pos_])) ++pos_;
    item_start = pos_;
  };
  auto finish_item = [&] {
    while (!literal.empty() && IsJavaSpace(literal.back())) literal.pop_back();
    flush_literal();
    if (!parts.empty()) items->push_back(FinishTemplate(&parts, item_start));
  };
  skip_leading_space();
  while (true) {
    if (pos_ >= src_.size()) {
      if (nested) Fail(open_quote, Message<msg::InlineUnterminatedString>());
      break;
    }
    char c = src_[pos_];
    if (literal.empty()) literal_start = pos_;
    if (c == '"') {
      if (!nested) Fail(pos_, Message<msg::InlineDoubleQuoteUnescaped>());
      ++pos_;
      break;
    }
    if (c == '\\') {
      pos_ = DecodeEscape(pos_, &literal);
    } else if (c == '$') {
      flush_literal();
      parts.push_back(Placeholder());
    } else if (c == ',' && items) {
      ++pos_;
      finish_item();
      skip_leading_space();
    } else {
      literal += c;
      ++pos_;
    }
  }
  if (items) {
    finish_item();
    return -1;
  }
  flush_literal();
  return FinishTemplate(&parts, nested ? open_quote : item_start);
}

size_t Parser::DecodeEscape(size_t at, std::string* out) {
  if (at + 1 >= src_.size()) Fail(at, Message<msg::InlineDanglingBackslash>());
  char escaped = src_[at + 1];
  switch (escaped) {
    case 'n': *out += '\n'; break;
    case 't': *out += '\t'; break;
    case 'r': *out += '\r'; break;
    case 'b': *out += '\b'; break;
    case 'f': *out += '\f'; break;
    case '\\':
    case '\'':
    case '"':
    case '$': *out += escaped; break;
    case 'u': {
      if (at + 6 > src_.size()) Fail(at, Message<msg::InlineInvalidUnicodeEscape>());
      std::string hex = src_.substr(at + 2, 4);
      if (hex.find_first_not_of("0123456789abcdefABCDEF") != std::string::npos)
        Fail(at, Message<msg::InlineInvalidUnicodeEscape>());
      *out += CharToUtf8(static_cast<char16_t>(std::stoi(hex, nullptr, 16)));
      return at + 6;
    }
    default:
      Fail(at, Message<msg::InlineUnsupportedEscape>(arg::escape = escaped));
  }
  return at + 2;
}

int32_t Parser::Placeholder() {
  size_t dollar = pos_;
  if (src_.compare(pos_, 2, "${") == 0) {
    pos_ += 2;
  } else if (src_.compare(pos_, 4, "$->{") == 0) {
    pos_ += 4;
  } else if (pos_ + 1 < src_.size() && IsIdentifierStart(src_[pos_ + 1])) {  // "$name"
    size_t end = ++pos_;
    while (end < src_.size() && IsIdentifierPart(src_[end])) ++end;
    std::string_view name(src_.data() + pos_, end - pos_);
    pos_ = end;
    if (pos_ + 1 < src_.size() && src_[pos_] == '.' && IsIdentifierStart(src_[pos_ + 1])) {
      Fail(pos_, Message<msg::InlinePropertyAccess>());
    }
    return AddVariable(name, dollar + 1);
  } else {
    Fail(dollar, Message<msg::InlineDollarWithoutPlaceholder>());
  }
  Token first = Peek();
  if (IsSymbol(first, "}")) Fail(first.start, Message<msg::InlineEmptyPlaceholder>());
  int32_t expression = Expression();
  Token close = Peek();
  if (!IsSymbol(close, "}"))
    Fail(close.start,
         close.type == Tok::End ? Message<msg::InlineUnclosedPlaceholder>() : Message<msg::InlineExpectedCloseBrace>());
  Next();
  return expression;
}

Token Parser::Peek() {
  while (pos_ < src_.size() && IsJavaSpace(src_[pos_])) ++pos_;
  if (cached_ && cached_pos_ == pos_) return cached_token_;
  Token token;
  token.start = token.end = pos_;
  if (pos_ < src_.size()) {
    char c = src_[pos_];
    if (IsDigit(c)) {
      token = LexNumber(pos_);
    } else if (c == '\'') {
      token = LexSingleQuoted(pos_);
    } else if (c == '"') {
      token.type = Tok::DoubleQuote;
      token.end = pos_ + 1;
    } else if (IsIdentifierStart(c)) {
      token.type = Tok::Identifier;
      while (token.end < src_.size() && IsIdentifierPart(src_[token.end])) ++token.end;
      token.text = std::string_view(src_).substr(pos_, token.end - pos_);
    } else {
      for (std::string_view symbol : kSymbols) {
        if (src_.compare(pos_, symbol.size(), symbol) == 0) {
          token.type = Tok::Symbol;
          token.text = symbol;
          token.end = pos_ + symbol.size();
          break;
        }
      }
      if (token.type != Tok::Symbol) Fail(pos_, Message<msg::InlineUnexpectedCharacter>(arg::character = c));
    }
  }
  cached_ = true;
  cached_pos_ = pos_;
  cached_token_ = token;
  return token;
}

Token Parser::Next() {
  Token token = Peek();
  pos_ = token.end;
  return token;
}

bool Parser::Accept(std::string_view symbol) {
  if (!IsSymbol(Peek(), symbol)) return false;
  Next();
  return true;
}

void Parser::Expect(std::string_view symbol) {
  Token token = Peek();
  if (IsSymbol(token, symbol)) {
    Next();
    return;
  }
  Fail(token.start, token.type == Tok::End ? Message<msg::InlineUnexpectedEndExpected>(arg::symbol = symbol)
                                           : Message<msg::InlineExpectedSymbol>(arg::symbol = symbol));
}

Token Parser::LexNumber(size_t start) {
  size_t i = start;
  while (i < src_.size() && IsDigit(src_[i])) ++i;
  bool decimal = false;
  if (i + 1 < src_.size() && src_[i] == '.' && IsDigit(src_[i + 1])) {
    decimal = true;
    for (++i; i < src_.size() && IsDigit(src_[i]);) ++i;
  }
  if (i < src_.size() && (src_[i] == 'e' || src_[i] == 'E')) {
    size_t j = i + 1;
    if (j < src_.size() && (src_[j] == '+' || src_[j] == '-')) ++j;
    if (j < src_.size() && IsDigit(src_[j])) {
      decimal = true;
      for (i = j; i < src_.size() && IsDigit(src_[i]);) ++i;
    }
  }
  std::string text = src_.substr(start, i - start);
  char suffix = 0;
  if (i < src_.size() && std::string_view("lLgGiIdDfF").find(src_[i]) != std::string_view::npos) suffix = src_[i++];
  if (i < src_.size() && IsIdentifierPart(src_[i])) Fail(start, Message<msg::InlineMalformedNumber>());
  Token token;
  token.type = Tok::Number;
  token.start = start;
  token.end = i;
  char kind = static_cast<char>(suffix | 0x20);  // lower case
  if (kind == 'd' || kind == 'f') {
    token.value = JValue::Double(std::strtod(text.c_str(), nullptr));  // out of range: Infinity or 0, as in Java
  } else if (decimal) {
    if (suffix && kind != 'g') Fail(start, Message<msg::InlineMalformedNumber>());
    auto parsed = BigDecimal::Parse(text);
    if (!parsed) Fail(start, Message<msg::InlineNumberOutOfRange>());
    token.value = JValue::Dec(*parsed);
  } else {
    BigInteger value;
    bool octal = text.size() > 1 && text[0] == '0';
    for (char digit : text) {
      if (octal && digit > '7') Fail(start, Message<msg::InlineInvalidOctal>());
      value = value.MultiplySmall(octal ? 8 : 10) + BigInteger::FromInt64(digit - '0');
    }
    token.value = JValue::IntegerOf(value);
    if (kind == 'g') token.value = JValue::Big(value);
    if (kind == 'l') {
      if (!value.FitsInt64()) Fail(start, Message<msg::InlineNumberTooLargeForLong>());
      token.value = JValue::Long(value.LongValue());
    }
    if (kind == 'i') {
      if (token.value.kind != JKind::Int) Fail(start, Message<msg::InlineNumberTooLargeForInteger>());
    }
  }
  return token;
}

Token Parser::LexSingleQuoted(size_t start) {
  std::string text;
  size_t i = start + 1;
  while (true) {
    if (i >= src_.size()) Fail(start, Message<msg::InlineUnterminatedString>());
    char c = src_[i];
    if (c == '\'') break;
    if (c == '\\') {
      i = DecodeEscape(i, &text);
    } else {
      text += c;
      ++i;
    }
  }
  Token token;
  token.type = Tok::String;
  token.start = start;
  token.end = i + 1;
  token.value = JValue::String(std::move(text));
  return token;
}

int32_t Parser::Expression() {
  DepthGuard guard(this, pos_);
  int32_t condition = Or();
  Token token = Peek();
  Node node;
  node.position = static_cast<uint32_t>(token.start);
  if (IsSymbol(token, "?:")) {
    Next();
    node.kind = NodeKind::Elvis;
    int32_t fallback = Expression();
    return AddNode(node, {condition, fallback});
  }
  if (!IsSymbol(token, "?")) return condition;
  Next();
  node.kind = NodeKind::Ternary;
  int32_t when_true = Expression();
  Expect(":");
  int32_t when_false = Expression();
  return AddNode(node, {condition, when_true, when_false});
}

int32_t Parser::Or() {
  int32_t left = And();
  for (Token token = Peek(); IsSymbol(token, "||"); token = Peek()) {
    Next();
    Node node;
    node.kind = NodeKind::Or;
    node.position = static_cast<uint32_t>(token.start);
    int32_t right = And();
    left = AddNode(node, {left, right});
  }
  return left;
}

int32_t Parser::And() {
  int32_t left = BitOr();
  for (Token token = Peek(); IsSymbol(token, "&&"); token = Peek()) {
    Next();
    Node node;
    node.kind = NodeKind::And;
    node.position = static_cast<uint32_t>(token.start);
    int32_t right = BitOr();
    left = AddNode(node, {left, right});
  }
  return left;
}

int32_t Parser::LeftAssociative(int32_t (Parser::*operand)(), std::initializer_list<OpEntry> ops) {
  int32_t left = (this->*operand)();
  while (true) {
    Token token = Peek();
    const OpEntry* match = nullptr;
    for (const OpEntry& entry : ops) {
      if (IsSymbol(token, entry.symbol)) match = &entry;
    }
    if (!match) return left;
    Next();
    Node node;
    node.kind = NodeKind::Binary;
    node.op = match->op;
    node.position = static_cast<uint32_t>(token.start);
    int32_t right = (this->*operand)();
    left = AddNode(node, {left, right});
  }
}

// Groovy 4's precedence, loosest first: | ^ & (equality) (relational) (shift and range) + - * / %,
// then unary + -, then **, then ! ~ and the postfix method calls.
int32_t Parser::BitOr() { return LeftAssociative(&Parser::BitXor, {{"|", BinaryOp::BitOr}}); }
int32_t Parser::BitXor() { return LeftAssociative(&Parser::BitAnd, {{"^", BinaryOp::BitXor}}); }
int32_t Parser::BitAnd() { return LeftAssociative(&Parser::Equality, {{"&", BinaryOp::BitAnd}}); }

int32_t Parser::Equality() {
  return LeftAssociative(&Parser::Relational, {{"==", BinaryOp::Equal}, {"!=", BinaryOp::NotEqual}});
}

int32_t Parser::Relational() {
  return LeftAssociative(&Parser::ShiftOrRange, {{"<", BinaryOp::Less},
                                                 {"<=", BinaryOp::LessEqual},
                                                 {">", BinaryOp::Greater},
                                                 {">=", BinaryOp::GreaterEqual}});
}

// Shifts and ranges share a level and associate to the left, as in Groovy's shiftExpression.
int32_t Parser::ShiftOrRange() {
  static constexpr OpEntry kShifts[] = {
      {"<<", BinaryOp::ShiftLeft}, {">>", BinaryOp::ShiftRight}, {">>>", BinaryOp::ShiftRightUnsigned}};
  int32_t left = Additive();
  while (true) {
    Token token = Peek();
    Node node;
    node.position = static_cast<uint32_t>(token.start);
    if (IsSymbol(token, "..") || IsSymbol(token, "..<")) {
      node.kind = NodeKind::Range;
      node.flag = token.text == "..<";
    } else {
      const OpEntry* match = nullptr;
      for (const OpEntry& entry : kShifts) {
        if (IsSymbol(token, entry.symbol)) match = &entry;
      }
      if (!match) return left;
      node.kind = NodeKind::Binary;
      node.op = match->op;
    }
    Next();
    int32_t right = Additive();
    left = AddNode(node, {left, right});
  }
}

int32_t Parser::Additive() {
  return LeftAssociative(&Parser::Multiplicative, {{"+", BinaryOp::Add}, {"-", BinaryOp::Subtract}});
}

int32_t Parser::Multiplicative() {
  return LeftAssociative(&Parser::SignedUnary,
                         {{"*", BinaryOp::Multiply}, {"/", BinaryOp::Divide}, {"%", BinaryOp::Remainder}});
}

// Unary + and - bind looser than `**`: -2 ** 2 is -(2 ** 2).
int32_t Parser::SignedUnary() {
  Token token = Peek();
  bool minus = IsSymbol(token, "-");
  if (!minus && !IsSymbol(token, "+")) return PowerExpression();
  DepthGuard guard(this, token.start);
  Next();
  int32_t operand = SignedUnary();
  if (!minus) return operand;
  Node node;
  node.kind = NodeKind::Negate;
  node.position = static_cast<uint32_t>(token.start);
  return AddNode(node, {operand});
}

// `**` associates to the left; its right operand may carry a sign (2 ** -1).
int32_t Parser::PowerExpression() {
  int32_t left = Unary();
  for (Token token = Peek(); IsSymbol(token, "**"); token = Peek()) {
    Next();
    Node node;
    node.kind = NodeKind::Binary;
    node.op = BinaryOp::Power;
    node.position = static_cast<uint32_t>(token.start);
    Token sign = Peek();
    int32_t right = IsSymbol(sign, "-") || IsSymbol(sign, "+") ? SignedUnary() : Unary();
    left = AddNode(node, {left, right});
  }
  return left;
}

int32_t Parser::Unary() {
  Token token = Peek();
  bool negation = IsSymbol(token, "!"), complement = IsSymbol(token, "~");
  if (!negation && !complement) return Postfix();
  DepthGuard guard(this, token.start);
  Next();
  int32_t operand = Unary();
  Node node;
  node.kind = negation ? NodeKind::Not : NodeKind::BitNot;
  node.position = static_cast<uint32_t>(token.start);
  return AddNode(node, {operand});
}

int32_t Parser::Postfix() {
  int32_t receiver = Primary();
  while (true) {
    Token dot = Peek();
    if (!IsSymbol(dot, ".") && !IsSymbol(dot, "?.")) return receiver;
    Next();
    Token name = Next();
    if (name.type != Tok::Identifier) Fail(name.start, Message<msg::InlineExpectedMethodName>());
    if (!IsSymbol(Peek(), "(")) Fail(name.start, Message<msg::InlinePropertyAccessNamed>(arg::name = name.text));
    Next();
    std::vector<int32_t> args = Arguments();
    const MethodInfo* method = FindInstanceMethod(name.text);
    if (!method) Fail(name.start, Message<msg::InlineUnknownMethod>(arg::name = name.text));
    receiver = MethodCall(method, name, receiver, dot.text == "?.", args);
  }
}

std::vector<int32_t> Parser::Arguments() {
  std::vector<int32_t> args;
  if (Accept(")")) return args;
  do {
    args.push_back(Expression());
  } while (Accept(","));
  Expect(")");
  return args;
}

int32_t Parser::MethodCall(const MethodInfo* method, const Token& name, int32_t receiver, bool safe,
                           const std::vector<int32_t>& args) {
  if (args.size() < method->min_args || args.size() > method->max_args) {
    std::string expected = std::to_string(method->min_args);
    if (method->max_args != method->min_args) expected += " or " + std::to_string(method->max_args);
    Fail(name.start,
         Message<msg::InlineMethodArity>(arg::name = name.text, arg::expected = expected, arg::given = args.size()));
  }
  Node node;
  node.kind = NodeKind::Call;
  node.flag = safe;
  node.method = method;
  node.position = static_cast<uint32_t>(name.start);
  return AddNode(node, {receiver}, args);
}

int32_t Parser::Primary() {
  Token token = Next();
  switch (token.type) {
    case Tok::Number:
    case Tok::String: return AddConstant(token.value, token.start);
    case Tok::DoubleQuote: return Template(true, token.start, nullptr);
    case Tok::Identifier: {
      if (token.text == "true" || token.text == "false") return AddConstant(JValue::Bool(token.text == "true"), token.start);
      if (token.text == "null") return AddConstant(JValue::Null(), token.start);
      if (IsStaticOwner(token.text)) {
        Expect(".");
        Token name = Next();
        if (name.type != Tok::Identifier) Fail(name.start, Message<msg::InlineExpectedMethodName>());
        Expect("(");
        std::vector<int32_t> args = Arguments();
        const MethodInfo* method = FindStaticMethod(token.text, name.text);
        if (!method)
          Fail(name.start, Message<msg::InlineUnknownStaticMethod>(arg::owner = token.text, arg::name = name.text));
        return MethodCall(method, name, -1, false, args);
      }
      if (IsSymbol(Peek(), "(")) {
        Next();
        Arguments();
        Fail(token.start, Message<msg::InlineUnknownFunction>(arg::name = token.text));
      }
      return AddVariable(token.text, token.start);
    }
    case Tok::Symbol:
      if (token.text == "(") {
        int32_t inner = Expression();
        Expect(")");
        return inner;
      }
      if (token.text == "[") {
        std::vector<int32_t> items;
        while (!Accept("]")) {
          items.push_back(Expression());
          if (!Accept(",")) {
            Expect("]");
            break;
          }
        }
        Node node;
        node.kind = NodeKind::List;
        node.position = static_cast<uint32_t>(token.start);
        return AddNode(node, {}, items);
      }
      Fail(token.start, Message<msg::InlineExpectedExpression>());
    case Tok::End: break;
  }
  Fail(token.start, Message<msg::InlineUnexpectedEnd>());
}

}  // namespace

int32_t ParseTemplate(Program* program, size_t start) {
  return Parser(program, start).Template(false, start, nullptr);
}

std::vector<int32_t> ParseTemplateItems(Program* program, size_t start) {
  std::vector<int32_t> items;
  Parser(program, start).Template(false, start, &items);
  return items;
}

}  // namespace sqlroute::expr
