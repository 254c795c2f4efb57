#pragma once
// HAVING on several units: the units drop it (each sees only part of a group) and the merge
// evaluates it on the merged groups. This turns the HAVING expression into a MergeExpr whose
// columns are result columns: aggregates and columns it refers to are resolved by the caller,
// which projects them as derived columns when the statement does not.
#include <functional>
#include <optional>
#include <vector>

#include "ast/statement.h"
#include "sqlroute/plan.h"

namespace sqlroute::rewrite {

// The aggregate a function call is, if it is one the merge combines; UNSUPPORTED_SQL for the
// aggregates it cannot combine (BIT_AND, STD, ...).
std::optional<AggregationType> MergeableAggregate(const ast::Statement& statement, const ast::Expr& expr);

struct HavingResolver {
  std::function<MergeColumn(ast::ExprId)> aggregate;  // an aggregate call's merged column
  std::function<MergeColumn(ast::ExprId)> column;     // a column reference's result column
};

// The HAVING as a MergeExpr, with `?` bound from `params`; UNSUPPORTED_SQL for what the merge
// cannot evaluate (sub-queries, functions other than aggregates, ...).
MergeExpr HavingCondition(const ast::Statement& statement, ast::ExprId having, const std::vector<Value>& params,
                          const HavingResolver& resolver);

// The parameter indexes inside `span`, in order.
std::vector<int32_t> ParamsIn(const ast::Statement& statement, ast::Span span);

}  // namespace sqlroute::rewrite
