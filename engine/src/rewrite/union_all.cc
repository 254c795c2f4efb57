#include "rewrite/union_all.h"

#include <algorithm>

namespace sqlroute::rewrite {
namespace {

// SELECT DISTINCT projecting a column is ordered by its columns (OrderByContextEngine).
bool DistinctRowOrdered(const ast::Statement& statement, const ast::Query& query) {
  if (!query.distinct) return false;
  return std::any_of(query.projections.begin(), query.projections.end(), [&](const ast::Projection& each) {
    return !each.star && statement.expr(each.expr).kind == ast::ExprKind::Column;
  });
}

// No sub-query, join, ORDER BY (written, or added for GROUP BY or DISTINCT), LIMIT, lock or
// combine: the units' rows can simply be concatenated by the data source (RouteSQLRewriteEngine's
// isNeedAggregateRewrite).
bool Eligible(const ast::Statement& statement) {
  if (statement.kind != ast::StatementKind::Select || statement.main_query == ast::kNoQuery) return false;
  if (statement.has_subquery || statement.has_combine || statement.queries.size() != 1) return false;
  const ast::Query& query = statement.queries[static_cast<std::size_t>(statement.main_query)];
  return query.from_tables.size() == 1 && query.joins.empty() && query.derived_tables.empty() &&
         query.order_by.empty() && query.group_by.empty() && !DistinctRowOrdered(statement, query) && !query.limit &&
         query.lock == ast::LockKind::None;
}

}  // namespace

bool UnionAllApplies(const RewriteInput& input) {
  return input.rules.max_union_size_per_datasource != 1 && Eligible(input.statement);
}

}  // namespace sqlroute::rewrite
