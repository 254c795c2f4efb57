#pragma once
// The route stage: statement + rules + parameters + hints -> route context. Rules run in one
// visible order: sharding (with broadcast and single tables) creates the route; read/write
// splitting and shadow decorate it, in the order of route/decorators.h.
#include <vector>

#include "ast/statement.h"
#include "bind/bound_statement.h"
#include "rules/compiled_rules.h"
#include "route/route_context.h"
#include "route/sharding_conditions.h"
#include "route/table_scope.h"
#include "sqlroute/hints.h"

namespace sqlroute::route {

struct RouteInput {
  const ast::Statement& statement;
  const bind::BoundStatement& bound;  // bind::Bind(statement, rules)
  const rules::CompiledRules& rules;
  const std::vector<Value>& params;
  const Hints& hints;
};

RouteContext Route(const RouteInput& input);

// Any one data source holding every table: the first of their intersection, first actual table.
RouteContext RouteUnicast(const rules::CompiledRules& rules, const std::vector<const rules::ShardingTable*>& tables);

// DQL/DML that touch sharding tables (sharding_router.cc).
RouteContext RouteSharding(const RouteInput& input, const std::vector<const rules::ShardingTable*>& tables);

// For the plan cache's templates (cache/plan_template.h), which replay the value-dependent part
// of a route without the rest:
// Whether Route reads literal or parameter values (sharding conditions): false when the route
// depends on the statement's structure, the rules and the hints only.
bool RouteReadsValues(const RouteInput& input);
// The sharding tables of the statement, in the order Route considers them.
std::vector<const rules::ShardingTable*> ShardingTablesOf(const RouteInput& input);
// A query block's WHERE and ON conditions.
std::vector<ast::ExprId> BlockPredicates(const ast::Query& query);
// The predicates sharding conditions come from: WHERE plus the main query's ON conditions.
std::vector<ast::ExprId> ShardingPredicates(const ast::Statement& statement);
// RouteSharding of DQL/DML other than INSERT once the conditions are extracted (and checked
// against sub-queries): standard, binding or cartesian route, IN-list split, warnings, checks
// and auditors. `spare` (optional): storage the units and decisions reuse. `known` (optional,
// no hints): the standard route of another branch of one condition whose PartitionKey for the
// first table (route/table_router.h) is this branch's; its units and decisions are taken
// instead of routing again, with this branch's condition texts.
RouteContext RouteShardingConditions(const RouteInput& input, const std::vector<const rules::ShardingTable*>& tables,
                                     const TableScope& scope, const ShardingConditions& conditions,
                                     SpareRoute* spare = nullptr, const RouteContext* known = nullptr);

}  // namespace sqlroute::route
