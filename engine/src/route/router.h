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
  SpareRoute* spare = nullptr;  // storage of an earlier plan's route, written over (Engine::RouteInto)
};

RouteContext Route(const RouteInput& input);

// Any one data source holding every table: the first of their intersection, first actual table.
RouteContext RouteUnicast(const rules::CompiledRules& rules, const std::vector<const rules::ShardingTable*>& tables);

// DQL/DML that touch sharding tables (sharding_router.cc).
RouteContext RouteSharding(const RouteInput& input, const std::vector<const rules::ShardingTable*>& tables);

// A query block's WHERE and ON conditions.
std::vector<ast::ExprId> BlockPredicates(const ast::Query& query);

}  // namespace sqlroute::route
