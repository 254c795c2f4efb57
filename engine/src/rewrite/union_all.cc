#include "rewrite/union_all.h"

#include <map>

namespace sqlroute::rewrite {
namespace {

// No sub-query, join, ORDER BY, GROUP BY, LIMIT, lock or combine: the units' rows can simply
// be concatenated by the data source.
bool Eligible(const ast::Statement& statement) {
  if (statement.kind != ast::StatementKind::Select || statement.main_query == ast::kNoQuery) return false;
  if (statement.has_subquery || statement.has_combine || statement.queries.size() != 1) return false;
  const ast::Query& query = statement.queries[static_cast<std::size_t>(statement.main_query)];
  return query.from_tables.size() == 1 && query.joins.empty() && query.derived_tables.empty() &&
         query.order_by.empty() && query.group_by.empty() && !query.limit && query.lock == ast::LockKind::None;
}

}  // namespace

void AggregateUnionAll(const RewriteInput& input, std::vector<SqlUnit>& units) {
  int batch = input.rules.max_union_size_per_datasource;
  if (batch == 1 || units.size() < 2 || !Eligible(input.statement)) return;
  std::vector<SqlUnit> result;
  result.reserve(units.size());
  std::map<std::string, std::pair<std::size_t, int>> open;  // data source -> (result index, statements in it)
  for (auto& unit : units) {
    auto found = open.find(unit.data_source);
    if (found != open.end() && found->second.second < batch) {
      SqlUnit& into = result[found->second.first];
      into.sql.append(" UNION ALL ").append(unit.sql);
      into.params.insert(into.params.end(), unit.params.begin(), unit.params.end());
      ++found->second.second;
      continue;
    }
    open[unit.data_source] = {result.size(), 1};
    result.push_back(std::move(unit));
  }
  units = std::move(result);
}

}  // namespace sqlroute::rewrite
