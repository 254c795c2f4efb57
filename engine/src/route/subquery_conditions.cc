#include "route/subquery_conditions.h"

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

}  // namespace

void AddUnionConditions(const RouteInput& input, ShardingConditions& conditions) {
  const ast::Statement& statement = input.statement;
  if (statement.main_query == ast::kNoQuery) return;
  for (ast::QueryId id : statement.queries[static_cast<std::size_t>(statement.main_query)].combined) {
    if (conditions.branches.empty()) return;
    const ast::Query& query = statement.queries[static_cast<std::size_t>(id)];
    ShardingConditions block = ExtractConditions(statement, BlockPredicates(query), TableScope(input.bound), input.params);
    if (block.branches.empty()) {
      conditions = ShardingConditions{{}, "a UNION block has no sharding condition"};
      return;
    }
    for (auto& branch : block.branches) conditions.branches.push_back(std::move(branch));
  }
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
    if (!Agrees(ExtractConditions(statement, predicates, TableScope(input.bound), input.params), outer)) {
      return "a sub-query's sharding conditions do not match the outer query's";
    }
  }
  return "";
}

}  // namespace sqlroute::route
