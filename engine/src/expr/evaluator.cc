#include "expr/evaluator.h"

#include <array>

#include "expr/inline_errors.h"
#include "expr/java_text.h"
#include "sqlroute/error_text.h"

namespace sqlroute::expr {
namespace {

// A one-unit string ('a'), the endpoints of a character range.
bool SingleCharacter(const JValue& value, char16_t* unit) {
  if (value.kind == JKind::Char) {
    *unit = static_cast<char16_t>(value.integer);
    return true;
  }
  if (value.kind != JKind::String) return false;
  std::u16string units = ToUtf16(value.text);
  if (units.size() != 1) return false;
  *unit = units[0];
  return true;
}

}  // namespace

JValue Evaluator::Evaluate(int32_t index) const {
  const Node& node = program_.nodes[index];
  switch (node.kind) {
    case NodeKind::Constant: return program_.constants[node.a];
    case NodeKind::Variable: return Variable(node);
    case NodeKind::Negate: return Negate(Evaluate(node.a));
    case NodeKind::Not: return JValue::Bool(!IsTruthy(Evaluate(node.a)));
    case NodeKind::BitNot: return BitwiseNegate(Evaluate(node.a));
    case NodeKind::Binary: return ApplyBinary(node.op, Evaluate(node.a), Evaluate(node.b));
    case NodeKind::And: return JValue::Bool(IsTruthy(Evaluate(node.a)) && IsTruthy(Evaluate(node.b)));
    case NodeKind::Or: return JValue::Bool(IsTruthy(Evaluate(node.a)) || IsTruthy(Evaluate(node.b)));
    case NodeKind::Ternary: return IsTruthy(Evaluate(node.a)) ? Evaluate(node.b) : Evaluate(node.c);
    case NodeKind::Elvis: {
      JValue value = Evaluate(node.a);
      return IsTruthy(value) ? value : Evaluate(node.b);
    }
    case NodeKind::Template: {
      std::string text;
      AppendTemplate(index, &text);
      JValue gstring = JValue::String(std::move(text));
      gstring.gstring = true;
      return gstring;
    }
    case NodeKind::List: {
      std::vector<JValue> items;
      items.reserve(node.count);
      for (uint32_t i = 0; i < node.count; ++i) items.push_back(Evaluate(program_.children[node.first + i]));
      return JValue::List(std::move(items));
    }
    case NodeKind::Range: return Range(node);
    case NodeKind::Call: return Call(node);
  }
  return JValue::Null();
}

void Evaluator::AppendTemplate(int32_t index, std::string* out) const {
  const Node& node = program_.nodes[index];
  for (uint32_t i = 0; i < node.count; ++i) {
    const Node& part = program_.nodes[program_.children[node.first + i]];
    if (part.kind == NodeKind::Constant) {
      AppendText(program_.constants[part.a], out);
    } else {
      AppendText(Evaluate(program_.children[node.first + i]), out);
    }
  }
}

JValue Evaluator::Variable(const Node& node) const {
  const std::string& name = program_.names[node.a];
  if (bindings_) {
    for (const auto& [bound_name, value] : *bindings_) {
      if (bound_name == name) return JValue::From(value);
    }
  }
  throw Error(Message<msg::NoSuchProperty>(arg::name = name));
}

Evaluator::RangeBounds Evaluator::Bounds(const Node& node) const {
  JValue from = Evaluate(node.a), to = Evaluate(node.b);
  char16_t first_char, last_char;
  RangeBounds bounds;
  bounds.from = from;
  bounds.to = to;
  bounds.characters = SingleCharacter(from, &first_char) && SingleCharacter(to, &last_char);
  bool integers = (from.kind == JKind::Int || from.kind == JKind::Long) && (to.kind == JKind::Int || to.kind == JKind::Long);
  if (!bounds.characters && !integers) {
    throw Error(Message<msg::RangeTypesInvalid>(arg::from = JavaClassName(from), arg::to = JavaClassName(to)));
  }
  bounds.ints = from.kind == JKind::Int && to.kind == JKind::Int;
  bounds.first = bounds.characters ? first_char : from.integer;
  int64_t last = bounds.characters ? last_char : to.integer;
  bounds.step = bounds.first <= last ? 1 : -1;
  if (node.flag) {  // a..<b
    if (bounds.first == last) return bounds;
    last -= bounds.step;
  }
  uint64_t span = bounds.step > 0 ? static_cast<uint64_t>(last) - static_cast<uint64_t>(bounds.first)
                                  : static_cast<uint64_t>(bounds.first) - static_cast<uint64_t>(last);
  if (span >= kMaxExpandedItems) {
    ThrowInvalidAt(program_.source, node.position, Message<msg::InlineRangeTooLarge>());
  }
  bounds.size = span + 1;
  return bounds;
}

JValue Evaluator::Range(const Node& node) const {
  RangeBounds bounds = Bounds(node);
  const JValue &from = bounds.from, &to = bounds.to;
  std::string text;
  if (bounds.characters) {  // an ObjectRange prints its first and last element
    int64_t last = bounds.first + static_cast<int64_t>(bounds.size == 0 ? 0 : bounds.size - 1) * bounds.step;
    text = bounds.size == 0 ? ToText(from) + "..<" + ToText(to)
                            : CharToUtf8(static_cast<char16_t>(bounds.first)) + ".." + CharToUtf8(static_cast<char16_t>(last));
  } else {  // an IntRange prints as written
    text = ToText(from) + (node.flag ? "..<" : "..") + ToText(to);
  }
  std::vector<JValue> items;
  items.reserve(bounds.size);
  for (uint64_t i = 0; i < bounds.size; ++i) {
    int64_t v = bounds.first + static_cast<int64_t>(i) * bounds.step;
    if (bounds.characters) {
      items.push_back(JValue::String(CharToUtf8(static_cast<char16_t>(v))));
    } else {
      items.push_back(bounds.ints ? JValue::Int(static_cast<int32_t>(v)) : JValue::Long(v));
    }
  }
  JValue range = JValue::List(std::move(items));
  range.range_text = std::make_shared<const std::string>(std::move(text));
  return range;
}

std::vector<std::string> Evaluator::RangeTexts(int32_t node) const {
  RangeBounds bounds = Bounds(program_.nodes[node]);
  std::vector<std::string> texts;
  texts.reserve(bounds.size);
  for (uint64_t i = 0; i < bounds.size; ++i) {
    int64_t v = bounds.first + static_cast<int64_t>(i) * bounds.step;
    texts.push_back(bounds.characters ? CharToUtf8(static_cast<char16_t>(v)) : std::to_string(v));
  }
  return texts;
}

JValue Evaluator::Call(const Node& node) const {
  JValue receiver = node.a >= 0 ? Evaluate(node.a) : JValue::Null();
  if (node.flag && receiver.is_null()) return receiver;
  std::array<JValue, 2> args;
  for (uint32_t i = 0; i < node.count; ++i) args[i] = Evaluate(program_.children[node.first + i]);
  return CallMethod(*node.method, receiver, args.data(), node.count);
}

}  // namespace sqlroute::expr
