// ExpandList: data-node and data-source lists in the GROOVY, LITERAL and INTERVAL forms.
#include <unordered_set>

#include "expr/evaluator.h"
#include "expr/expression_type.h"
#include "expr/inline_errors.h"
#include "expr/inline_expression.h"
#include "expr/interval_expression.h"
#include "expr/parser.h"
#include "sqlroute/error_text.h"

namespace sqlroute::expr {
namespace {

std::string_view JavaTrim(std::string_view text) {
  while (!text.empty() && static_cast<unsigned char>(text.front()) <= ' ') text.remove_prefix(1);
  while (!text.empty() && static_cast<unsigned char>(text.back()) <= ' ') text.remove_suffix(1);
  return text;
}

std::vector<std::string> SplitLiteralList(std::string_view body) {
  std::vector<std::string> result;
  while (true) {
    size_t comma = body.find(',');
    std::string_view item = JavaTrim(body.substr(0, comma));
    if (!item.empty()) result.emplace_back(item);
    if (comma == std::string_view::npos) return result;
    body.remove_prefix(comma + 1);
  }
}

// The distinct texts a placeholder contributes, in first-seen order (a LinkedHashSet).
std::vector<std::string> Choices(const Program& program, const Evaluator& evaluator, int32_t part) {
  if (program.nodes[part].kind == NodeKind::Range) return evaluator.RangeTexts(part);  // distinct already
  JValue value = evaluator.Evaluate(part);
  if (value.is_null())
    ThrowInvalidAt(program.source, program.nodes[part].position, Message<msg::InlinePlaceholderNull>());
  if (value.kind != JKind::List) return {ToText(value)};
  std::vector<std::string> choices;
  std::unordered_set<std::string> seen(value.list->size());
  for (const JValue& item : *value.list) {
    std::string text = ElementText(item);
    if (seen.insert(text).second) choices.push_back(std::move(text));
  }
  return choices;
}

// The text bytes of the cartesian product of `parts`: each part's texts appear once for every
// combination of the other parts. Saturates at `limit` + 1.
uint64_t ProductBytes(const std::vector<std::vector<std::string>>& parts, uint64_t total, uint64_t limit) {
  uint64_t bytes = 0;
  for (const auto& part : parts) {
    uint64_t lengths = 0;
    for (const std::string& text : part) lengths += text.size();
    uint64_t repeats = total / part.size();
    if (lengths != 0 && repeats > (limit - bytes) / lengths) return limit + 1;
    bytes += lengths * repeats;
  }
  return bytes;
}

// Appends the cartesian product of one item's parts; the first placeholder varies slowest.
// `bytes` counts the text appended so far, against kMaxExpandedBytes.
void AppendCartesian(const Program& program, const Evaluator& evaluator, int32_t item,
                     std::vector<std::string>* result, uint64_t* bytes) {
  const Node& node = program.nodes[item];
  std::vector<std::vector<std::string>> parts;
  uint64_t total = 1;
  for (uint32_t i = 0; i < node.count; ++i) {
    int32_t part = program.children[node.first + i];
    if (program.nodes[part].kind == NodeKind::Constant) {
      parts.push_back({ToText(program.constants[program.nodes[part].a])});
    } else {
      parts.push_back(Choices(program, evaluator, part));
    }
    total *= parts.back().size();
    if (total == 0) return;
    if (result->size() + total > kMaxExpandedItems) ThrowInvalid(program.source, Message<msg::InlineTooManyItems>());
  }
  *bytes += ProductBytes(parts, total, kMaxExpandedBytes - *bytes);
  if (*bytes > kMaxExpandedBytes) ThrowInvalid(program.source, Message<msg::InlineTooMuchText>());
  std::vector<size_t> index(parts.size(), 0);
  while (true) {
    std::string text;
    for (size_t i = 0; i < parts.size(); ++i) text += parts[i][index[i]];
    result->push_back(std::move(text));
    size_t position = parts.size();
    while (position > 0 && ++index[position - 1] == parts[position - 1].size()) index[--position] = 0;
    if (position == 0) return;
  }
}

std::vector<std::string> ExpandGroovyList(std::string_view expression, size_t body_offset) {
  Program program;
  program.source = std::string(expression);
  std::vector<int32_t> items = ParseTemplateItems(&program, body_offset);
  Evaluator evaluator(program, nullptr);
  std::vector<std::string> result;
  uint64_t bytes = 0;
  try {
    for (int32_t item : items) AppendCartesian(program, evaluator, item, &result, &bytes);
  } catch (const Error& error) {
    if (error.code() != ErrorCode::INLINE_EXPRESSION_MISMATCH) throw;
    ThrowInvalid(expression, Message<msg::InlineCannotExpand>(arg::detail = error.message()));
  }
  return result;
}

}  // namespace

std::vector<std::string> ExpandList(std::string_view expression) {
  TaggedExpression tagged = ParseExpressionType(expression);
  switch (tagged.type) {
    case ExpressionType::Literal: return SplitLiteralList(expression.substr(tagged.body_offset));
    case ExpressionType::Interval: return ExpandIntervalList(expression, tagged.body_offset);
    case ExpressionType::Groovy: break;
  }
  return ExpandGroovyList(expression, tagged.body_offset);
}

}  // namespace sqlroute::expr
