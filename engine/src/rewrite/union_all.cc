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

void AggregateUnionAll(const RewriteInput& input, std::vector<SqlUnit>& units) {
  if (units.size() < 2 || !UnionAllApplies(input)) return;
  std::size_t targets = 0;
  std::vector<std::size_t> target_of = UnionAllTargets(units, input.rules.max_union_size_per_datasource, targets);
  if (targets == units.size()) return;
  std::vector<std::size_t> bytes(targets), params(targets);
  for (std::size_t i = 0; i < units.size(); ++i) {
    bytes[target_of[i]] += units[i].sql.size() + 11;  // " UNION ALL "
    params[target_of[i]] += units[i].params.size();
  }
  std::vector<SqlUnit> result(targets);
  std::vector<bool> started(targets);
  for (std::size_t i = 0; i < units.size(); ++i) {
    std::size_t target = target_of[i];
    SqlUnit& into = result[target];
    if (!started[target]) {
      started[target] = true;
      into = std::move(units[i]);
      into.sql.reserve(bytes[target]);
      into.params.reserve(params[target]);
      continue;
    }
    into.sql.append(" UNION ALL ").append(units[i].sql);
    into.params.insert(into.params.end(), units[i].params.begin(), units[i].params.end());
  }
  units = std::move(result);
}

}  // namespace sqlroute::rewrite
