#include "rewrite/in_list_values.h"

#include <cstring>

namespace sqlroute::rewrite {

void InListRewriter::AddToken(std::vector<SqlToken>& tokens) const {
  const ast::Statement& statement = input_.statement;
  const ast::Expr& in = InExpr();
  uint32_t begin = statement.expr(in.children[1]).span.begin;
  uint32_t end = statement.expr(in.children.back()).span.end;
  tokens.push_back({begin, end, TokenKind::InListItems, "", "", false});
}

void InListRewriter::AppendItems(std::size_t unit, std::string& out) const {
  const ast::Statement& statement = input_.statement;
  const ast::Expr& in = InExpr();
  const std::vector<int>& items = input_.route.in_list_items[unit];
  auto item_text = [&](int child) { return statement.text(statement.expr(in.children[static_cast<std::size_t>(child)]).span); };
  std::size_t bytes = items.empty() ? 0 : 2 * (items.size() - 1);
  for (int child : items) bytes += item_text(child).size();
  std::size_t at = out.size();
  out.resize(at + bytes);  // then filled in place: no append per item
  char* cursor = &out[at];
  for (std::size_t k = 0; k < items.size(); ++k) {
    if (k > 0) {
      *cursor++ = ',';
      *cursor++ = ' ';
    }
    std::string_view text = item_text(items[k]);
    std::memcpy(cursor, text.data(), text.size());
    cursor += text.size();
  }
}

std::vector<Value> InListRewriter::Params(std::size_t unit, const std::vector<Value>& params) const {
  if (params.empty()) return params;  // literal items only: nothing to drop
  const ast::Statement& statement = input_.statement;
  const ast::Expr& in = InExpr();
  std::vector<bool> kept(in.children.size(), false);
  for (int child : input_.route.in_list_items[unit]) kept[static_cast<std::size_t>(child)] = true;
  std::vector<bool> dropped(params.size(), false);
  for (std::size_t child = 1; child < in.children.size(); ++child) {
    const ast::Expr& item = statement.expr(in.children[child]);
    bool known = item.kind == ast::ExprKind::Param && static_cast<std::size_t>(item.param_index) < params.size();
    if (!kept[child] && known) dropped[static_cast<std::size_t>(item.param_index)] = true;
  }
  std::vector<Value> result;
  result.reserve(params.size());
  for (std::size_t i = 0; i < params.size(); ++i) {
    if (!dropped[i]) result.push_back(params[i]);
  }
  return result;
}

}  // namespace sqlroute::rewrite
