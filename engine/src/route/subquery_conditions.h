#pragma once
// Sub-queries on sharding tables (the case ShardingSphere's sharding limitations call stable):
// when each sub-query's sharding conditions agree with the outer query's, the statement routes
// like the outer query; otherwise it must reach every node, and the plan says why.
#include <string>

#include "route/router.h"
#include "route/sharding_conditions.h"

namespace sqlroute::route {

// "" when every sub-query on a sharding table agrees with `outer`; else the reason.
std::string SubqueryDisagreement(const RouteInput& input, const ShardingConditions& outer);

}  // namespace sqlroute::route
