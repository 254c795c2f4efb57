#include "ast/statement_outline.h"

namespace sqlroute::ast {
namespace {

const char* ScopeName(VariableScope scope) {
  switch (scope) {
    case VariableScope::None: return "";
    case VariableScope::Global: return "GLOBAL ";
    case VariableScope::Session: return "SESSION ";
    case VariableScope::Local: return "LOCAL ";
    case VariableScope::Persist: return "PERSIST ";
    case VariableScope::PersistOnly: return "PERSIST_ONLY ";
    case VariableScope::User: return "USER ";
  }
  return "";
}

std::string OrderText(const Statement& st, const std::vector<OrderItem>& items) {
  std::string text = " ORDER BY ";
  for (size_t i = 0; i < items.size(); ++i) text += (i ? ", " : "") + std::string(st.text(items[i].span));
  return text;
}

}  // namespace

std::vector<std::string> JoinOutlines(const Statement& st) {
  const std::vector<Join>& joins =
      st.main_query != kNoQuery ? st.queries[static_cast<size_t>(st.main_query)].joins : st.joins;
  std::vector<std::string> outlines;
  for (const Join& join : joins) {
    std::string text = join.type;
    if (join.on != kNoExpr) text += " ON " + std::string(st.text(st.expr(join.on).span));
    if (!join.using_columns.empty()) {
      text += " USING (";
      for (size_t i = 0; i < join.using_columns.size(); ++i) text += (i ? ", " : "") + join.using_columns[i].name;
      text += ")";
    }
    outlines.push_back(std::move(text));
  }
  return outlines;
}

std::vector<std::string> VariableOutlines(const Statement& st) {
  std::vector<std::string> outlines;
  for (const VariableAssignment& item : st.set_variables) {
    outlines.push_back(ScopeName(item.scope) + item.name + " = " + std::string(st.text(item.value_span)));
  }
  return outlines;
}

std::vector<std::string> WindowOutlines(const Statement& st) {
  std::vector<std::string> outlines;
  for (const WindowSpec& window : st.windows) {
    std::string text =
        window.function != kNoExpr ? st.expr(window.function).op + " OVER" : "WINDOW " + window.name->name;
    if (window.reference) text += " " + window.reference->name;
    for (size_t i = 0; i < window.partition_by.size(); ++i) {
      text += (i ? ", " : " PARTITION BY ") + std::string(st.text(st.expr(window.partition_by[i]).span));
    }
    if (!window.order_by.empty()) text += OrderText(st, window.order_by);
    outlines.push_back(std::move(text));
  }
  return outlines;
}

std::vector<std::string> CallOrderOutlines(const Statement& st) {
  std::vector<std::string> outlines;
  for (const CallOrder& call : st.call_orders) {
    outlines.push_back(st.expr(call.function).op + OrderText(st, call.order_by));
  }
  return outlines;
}

}  // namespace sqlroute::ast
