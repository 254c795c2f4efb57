#include "route/subquery_conditions.h"

#include <algorithm>

#include "route/value_compare.h"

namespace sqlroute::route {
namespace {

bool SameValues(const ColumnCondition& a, const ColumnCondition& b) {
  if (a.is_range || b.is_range || a.values.size() != b.values.size()) return false;
  for (std::size_t i = 0; i < a.values.size(); ++i) {
    auto order = CompareValues(a.values[i], b.values[i]);
    if (!order || *order != 0) return false;
  }
  return true;
}

// Every condition of the sub-query names a column the outer query fixes to the same values.
bool Agrees(const ShardingConditions& sub, const ShardingConditions& outer) {
  if (sub.branches.size() != 1 || outer.branches.size() != 1) return false;
  for (const auto& condition : sub.branches.front().columns) {
    bool matched = false;
    for (const auto& candidate : outer.branches.front().columns) {
      bool related = candidate.table == condition.table ||
                     (candidate.table->binding_group >= 0 && candidate.table->binding_group == condition.table->binding_group);
      matched = matched || (related && candidate.column == condition.column && SameValues(candidate, condition));
    }
    if (!matched) return false;
  }
  return true;
}

bool SameRange(const ValueRange& a, const ValueRange& b) {
  auto same = [](const std::optional<Value>& x, const std::optional<Value>& y) {
    if (!x || !y) return !x && !y;
    auto order = CompareValues(*x, *y);
    return order && *order == 0;
  };
  return same(a.lower, b.lower) && same(a.upper, b.upper) && (!a.lower || a.lower_closed == b.lower_closed) &&
         (!a.upper || a.upper_closed == b.upper_closed);
}

// ShardingConditions.isSameShardingConditionValue: the same column of the same table, or of
// tables of one binding group, with the same values. (ShardingSphere takes binding tables'
// values as the same whatever they are; their routes differ, and dropping one loses rows.)
bool SameColumnValue(const ColumnCondition& a, const ColumnCondition& b) {
  bool bound = a.table == b.table || (a.table->binding_group >= 0 && a.table->binding_group == b.table->binding_group);
  if (!bound || a.column != b.column || a.is_range != b.is_range) return false;
  return a.is_range ? SameRange(a.range, b.range) : SameValues(a, b);
}

bool SameCondition(const ShardingCondition& a, const ShardingCondition& b) {
  // An always-false condition holds no values (AlwaysFalseShardingCondition).
  std::size_t a_size = a.always_false ? 0 : a.columns.size();
  std::size_t b_size = b.always_false ? 0 : b.columns.size();
  if (a_size != b_size) return false;
  for (std::size_t i = 0; i < a_size; ++i) {
    bool matched = false;
    for (std::size_t j = 0; j < b_size && !matched; ++j) matched = SameColumnValue(a.columns[i], b.columns[j]);
    if (!matched) return false;
  }
  return true;
}

void MergeRepeated(std::vector<ShardingCondition>& branches) {
  if (branches.size() < 2) return;
  std::vector<ShardingCondition> kept;
  for (auto each = branches.rbegin(); each != branches.rend(); ++each) {
    bool repeated = std::any_of(kept.begin(), kept.end(), [&](const ShardingCondition& k) { return SameCondition(k, *each); });
    if (!repeated) kept.push_back(std::move(*each));
  }
  branches = std::move(kept);
}

// Whether `query` lies below `main` (a sub-query of it, at any depth).
bool Below(const ast::Statement& statement, ast::QueryId query, ast::QueryId main) {
  for (ast::QueryId at = statement.queries[static_cast<std::size_t>(query)].parent; at != ast::kNoQuery;
       at = statement.queries[static_cast<std::size_t>(at)].parent) {
    if (at == main) return true;
  }
  return false;
}

}  // namespace

void AddUnionConditions(const RouteInput& input, ShardingConditions& conditions) {
  const ast::Statement& statement = input.statement;
  if (statement.main_query == ast::kNoQuery) return;
  for (ast::QueryId id : statement.queries[static_cast<std::size_t>(statement.main_query)].combined) {
    if (conditions.branches.empty()) return;
    const ast::Query& query = statement.queries[static_cast<std::size_t>(id)];
    ShardingConditions block = ExtractConditions(statement, BlockPredicates(query), TableScope(statement, input.bound), input.params);
    if (block.branches.empty()) {
      conditions = ShardingConditions{{}, "a UNION block has no sharding condition"};
      return;
    }
    for (auto& branch : block.branches) conditions.branches.push_back(std::move(branch));
  }
}

void AddSubqueryConditions(const RouteInput& input, ast::QueryId main, ShardingConditions& conditions) {
  const ast::Statement& statement = input.statement;
  TableScope scope(statement, input.bound);
  for (std::size_t q = 0; q < statement.queries.size(); ++q) {
    ast::QueryId id = static_cast<ast::QueryId>(q);
    if (id == main || !Below(statement, id, main)) continue;
    ShardingConditions block = ExtractConditions(statement, BlockPredicates(statement.queries[q]), scope, input.params);
    if (block.branches.empty()) continue;
    if (conditions.branches.empty()) conditions.full_route_reason.clear();
    for (auto& branch : block.branches) conditions.branches.push_back(std::move(branch));
  }
  MergeRepeated(conditions.branches);
}

bool SubqueriesHaveConditions(const RouteInput& input, ast::QueryId main) {
  const ast::Statement& statement = input.statement;
  TableScope scope(statement, input.bound);
  for (std::size_t q = 0; q < statement.queries.size(); ++q) {
    ast::QueryId id = static_cast<ast::QueryId>(q);
    const ast::Query& query = statement.queries[q];
    if (id != main && !Below(statement, id, main)) continue;
    if (query.from_tables.empty() && !query.derived_tables.empty()) continue;  // FROM a derived table only
    if (query.where == ast::kNoExpr) return false;
    if (ExtractConditions(statement, {query.where}, scope, input.params).branches.empty()) return false;
  }
  return true;
}

std::string SubqueryDisagreement(const RouteInput& input, const ShardingConditions& outer) {
  const ast::Statement& statement = input.statement;
  for (std::size_t q = 0; q < statement.queries.size(); ++q) {
    ast::QueryId id = static_cast<ast::QueryId>(q);
    if (id == statement.main_query || id == statement.insert.select) continue;
    const ast::Query& query = statement.queries[q];
    if (query.parent == ast::kNoQuery && statement.main_query != ast::kNoQuery) continue;  // a UNION partner
    bool shards = false;
    for (int32_t index : query.from_tables) shards = shards || input.bound.table(index).sharding;
    if (!shards) continue;
    std::vector<ast::ExprId> predicates;
    if (query.where != ast::kNoExpr) predicates.push_back(query.where);
    if (!Agrees(ExtractConditions(statement, predicates, TableScope(statement, input.bound), input.params), outer)) {
      return "a sub-query's sharding conditions do not match the outer query's";
    }
  }
  return "";
}

}  // namespace sqlroute::route
