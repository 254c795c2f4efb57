#include "rewrite/union_all.h"

#include <algorithm>

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
  // Each unit's statement: the open one of its data source while it has room, else a new one.
  struct Open {
    const std::string* data_source;
    std::size_t target;
    int statements;
  };
  std::vector<Open> open;
  std::vector<std::size_t> target_of(units.size());
  std::size_t targets = 0;
  for (std::size_t i = 0; i < units.size(); ++i) {
    const std::string& data_source = units[i].data_source;
    auto found = std::find_if(open.begin(), open.end(), [&](const Open& each) { return *each.data_source == data_source; });
    if (found != open.end() && found->statements < batch) {
      ++found->statements;
      target_of[i] = found->target;
      continue;
    }
    Open fresh{&data_source, targets++, 1};
    if (found == open.end()) {
      open.push_back(fresh);
    } else {
      *found = fresh;
    }
    target_of[i] = fresh.target;
  }
  if (targets == units.size()) return;
  std::vector<std::size_t> bytes(targets), params(targets);
  for (std::size_t i = 0; i < units.size(); ++i) {
    bytes[target_of[i]] += units[i].sql.size() + 11;  // " UNION ALL "
    params[target_of[i]] += units[i].params.size();
  }
  std::vector<SqlUnit> result(targets);
  std::vector<bool> started(targets);
  for (std::size_t i = 0; i < units.size(); ++i) {
    SqlUnit& into = result[target_of[i]];
    if (!started[target_of[i]]) {
      started[target_of[i]] = true;
      into = std::move(units[i]);
      into.sql.reserve(bytes[target_of[i]]);
      into.params.reserve(params[target_of[i]]);
      continue;
    }
    into.sql.append(" UNION ALL ").append(units[i].sql);
    into.params.insert(into.params.end(), units[i].params.begin(), units[i].params.end());
  }
  units = std::move(result);
}

}  // namespace sqlroute::rewrite
