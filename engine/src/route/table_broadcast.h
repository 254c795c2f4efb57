#pragma once
// ShardingSphere's ShardingTableBroadcastRouteEngine: DDL, OPTIMIZE / ANALYZE TABLE and DCL naming
// sharding tables go to every data node, each unit naming the actual table of every table.
#include <vector>

#include "route/route_context.h"
#include "rules/sharding_rule.h"

namespace sqlroute::route {

// `tables`: the statement's sharding tables, in the statement's order, each once.
// - one table: a unit per data node;
// - tables of one binding group: a unit per data node of the first, the others bound to it;
// - otherwise per data source all of them have, every combination of their actual tables there
//   (ShardingCartesianRouteEngine; no unit when they share no data source).
RouteContext TableBroadcast(const rules::ShardingRule& rule, const std::vector<const rules::ShardingTable*>& tables);

}  // namespace sqlroute::route
