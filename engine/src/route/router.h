#pragma once
// The route stage: statement + rules + parameters + hints -> route context. Rules run in one
// visible order: sharding (with broadcast and single tables) creates the route; read/write
// splitting and shadow decorate it.
#include <vector>

#include "ast/statement.h"
#include "route/compiled_rules.h"
#include "route/route_context.h"
#include "sqlroute/hints.h"

namespace sqlroute::route {

struct RouteInput {
  const ast::Statement& statement;
  const detail::CompiledRules& rules;
  const std::vector<Value>& params;
  const Hints& hints;
};

RouteContext Route(const RouteInput& input);

// Any one data source holding every table: the first of their intersection, first actual table.
RouteContext RouteUnicast(const detail::CompiledRules& rules, const std::vector<const ShardingTable*>& tables);

// DQL/DML that touch sharding tables (sharding_router.cc).
RouteContext RouteSharding(const RouteInput& input, const std::vector<const ShardingTable*>& tables);

}  // namespace sqlroute::route
