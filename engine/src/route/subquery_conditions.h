#pragma once
// Sub-queries on sharding tables (the case ShardingSphere's sharding limitations call stable):
// when each sub-query's sharding conditions agree with the outer query's, the statement routes
// like the outer query; otherwise it must reach every node, and the plan says why.
#include <string>

#include "route/router.h"
#include "route/sharding_conditions.h"

namespace sqlroute::route {

// A UNION's rows come from every block: each block's condition branches are OR-ed into
// `conditions` (the main block's), and a block without any makes the route a full one.
void AddUnionConditions(const RouteInput& input, ShardingConditions& conditions);

// "" when every sub-query on a sharding table agrees with `outer`; else the reason.
std::string SubqueryDisagreement(const RouteInput& input, const ShardingConditions& outer);

}  // namespace sqlroute::route
