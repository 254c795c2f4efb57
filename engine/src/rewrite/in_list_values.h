#pragma once
// The IN-list split planned by the route (route/in_list_split.h): each unit's IN list keeps
// only its own items, literal or parameter, and its parameters shrink accordingly.
#include <string>
#include <vector>

#include "rewrite/rewriter.h"
#include "rewrite/sql_token.h"

namespace sqlroute::rewrite {

class InListRewriter {
 public:
  explicit InListRewriter(const RewriteInput& input) : input_(input) {}

  bool active() const { return input_.route.in_list != ast::kNoExpr; }
  void AddToken(std::vector<SqlToken>& tokens) const;
  // Appends the unit's items, comma-separated, to `out`.
  void AppendItems(std::size_t unit, std::string& out) const;
  std::vector<Value> Params(std::size_t unit, const std::vector<Value>& params) const;

 private:
  const ast::Expr& InExpr() const { return input_.statement.expr(input_.route.in_list); }
  const RewriteInput& input_;
};

}  // namespace sqlroute::rewrite
