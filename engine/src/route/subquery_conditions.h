#pragma once
// Sub-queries on sharding tables. A SELECT (and the SELECT of INSERT ... SELECT) routes as
// ShardingSphere's condition engine routes it: the WHERE / ON conditions of every sub-query
// block, derived tables included, join the outer block's (SelectStatementContext's where
// segments), and repeated conditions are merged (ShardingConditions.merge). UPDATE and DELETE
// keep a sub-query on one node only when its conditions agree with the outer ones.
#include <string>

#include "route/router.h"
#include "route/sharding_conditions.h"

namespace sqlroute::route {

// A UNION's rows come from every block: each block's condition branches are OR-ed into
// `conditions` (the main block's), and a block without any makes the route a full one.
void AddUnionConditions(const RouteInput& input, ShardingConditions& conditions);

// Appends the conditions of each sub-query block below `main` (not UNION partners) to
// `conditions`, then merges repeated ones as ShardingConditions.merge does: the last condition
// first, each earlier one kept unless it is the same as one kept. Conditions are the same when
// they hold as many column values, pairwise the same column (of one table or one binding group)
// with the same values.
void AddSubqueryConditions(const RouteInput& input, ast::QueryId main, ShardingConditions& conditions);

// Whether the sub-query blocks below `main` that read tables each have a WHERE giving
// conditions (ShardingConditions' subqueryContainsShardingCondition).
bool SubqueriesHaveConditions(const RouteInput& input, ast::QueryId main);

// "" when every sub-query on a sharding table agrees with `outer`; else the reason (UPDATE,
// DELETE).
std::string SubqueryDisagreement(const RouteInput& input, const ShardingConditions& outer);

}  // namespace sqlroute::route
