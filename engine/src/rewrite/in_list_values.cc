#include "rewrite/in_list_values.h"

#include <algorithm>

#include "common/strings.h"

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
  std::vector<std::string> items;
  for (int child : input_.route.in_list_items[unit]) {
    items.emplace_back(statement.text(statement.expr(in.children[static_cast<std::size_t>(child)]).span));
  }
  return Join(items, ", ");
}

std::vector<Value> InListRewriter::Params(std::size_t unit, const std::vector<Value>& params) const {
  const ast::Statement& statement = input_.statement;
  const ast::Expr& in = InExpr();
  const std::vector<int>& kept = input_.route.in_list_items[unit];
  std::vector<int32_t> dropped;
  for (std::size_t child = 1; child < in.children.size(); ++child) {
    const ast::Expr& item = statement.expr(in.children[child]);
    bool keep = std::find(kept.begin(), kept.end(), static_cast<int>(child)) != kept.end();
    if (!keep && item.kind == ast::ExprKind::Param) dropped.push_back(item.param_index);
  }
  std::vector<Value> result;
  for (std::size_t i = 0; i < params.size(); ++i) {
    if (std::find(dropped.begin(), dropped.end(), static_cast<int32_t>(i)) == dropped.end()) result.push_back(params[i]);
  }
  return result;
}

}  // namespace sqlroute::rewrite
