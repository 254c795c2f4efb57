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
  std::string text;
  for (int child : input_.route.in_list_items[unit]) {
    if (!text.empty()) text += ", ";
    text += statement.text(statement.expr(in.children[static_cast<std::size_t>(child)]).span);
  }
  return text;
}

std::vector<Value> InListRewriter::Params(std::size_t unit, const std::vector<Value>& params) const {
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
