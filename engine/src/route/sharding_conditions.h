#pragma once
// Sharding conditions (ShardingSphere's WhereClauseShardingConditionEngine): the WHERE/ON
// expression split into OR-branches of AND-predicates; per branch, the values each sharding
// column must take.
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "ast/statement.h"
#include "rules/compiled_rules.h"
#include "route/table_scope.h"
#include "sqlroute/algorithm.h"
#include "sqlroute/scatter.h"

namespace sqlroute::route {

struct ColumnCondition {
  const rules::ShardingTable* table = nullptr;
  std::string column;            // lower-cased
  bool is_range = false;
  std::vector<Value> values;     // list form (=, IN, IS NULL)
  ValueRange range;              // range form
  std::string text;              // for explain: "= 7", "IN (1, 2)", "BETWEEN 1 AND 5"
  ast::ExprId in_list = ast::kNoExpr;  // the IN expression the values come from, unmerged
};

struct ShardingCondition {
  std::vector<ColumnCondition> columns;
  bool always_false = false;
};

struct ShardingConditions {
  std::vector<ShardingCondition> branches;  // empty: no usable condition
  std::string full_route_reason;            // why branches is empty, when there was a WHERE
  ScatterCode full_route_code = ScatterCode::NO_SHARDING_CONDITION;  // the same, as a scatter code
  bool AlwaysFalse() const;
};

// Reads the value of a literal / ? / NOW() operand; nullopt for anything else.
std::optional<Value> OperandValue(const ast::Statement& statement, ast::ExprId id, const std::vector<Value>& params);

// Predicate expressions, read in place: a list, or a WHERE alone (kNoExpr: none), which needs
// no list (route/sharding/point_select/reused: one allocation fewer).
struct Predicates {
  Predicates(const std::vector<ast::ExprId>& list) : first(list.data()), count(list.size()) {}
  Predicates(const ast::ExprId& where) : first(&where), count(where == ast::kNoExpr ? 0 : 1) {}
  const ast::ExprId* first;
  std::size_t count;
};

ShardingConditions ExtractConditions(const ast::Statement& statement, Predicates predicates, const TableScope& scope,
                                     const std::vector<Value>& params);

}  // namespace sqlroute::route
