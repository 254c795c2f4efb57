#include "rewrite/in_list_values.h"

namespace sqlroute::rewrite {

void InListRewriter::AddToken(std::vector<SqlToken>& tokens) const {
  const ast::Statement& statement = input_.statement;
  const ast::Expr& in = InExpr();
  uint32_t begin = statement.expr(in.children[1]).span.begin;
  uint32_t end = statement.expr(in.children.back()).span.end;
  tokens.push_back({begin, end, TokenKind::InListItems, "", "", false});
}

std::string InListRewriter::ItemsText(std::size_t unit) const {
  const ast::Statement& statement = input_.statement;
  const ast::Expr& in = InExpr();
  const std::vector<int>& items = input_.route.in_list_items[unit];
  // The unit's share of the whole list's bytes, and a separator each: usually one allocation.
  std::size_t list_bytes = statement.expr(in.children.back()).span.end - statement.expr(in.children[1]).span.begin;
  std::string text;
  text.reserve(list_bytes / (in.children.size() - 1) * items.size() + 2 * items.size());
  for (int child : items) {
    if (!text.empty()) text.append(", ", 2);
    std::string_view item = statement.text(statement.expr(in.children[static_cast<std::size_t>(child)]).span);
    text.append(item.data(), item.size());
  }
  return text;
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
