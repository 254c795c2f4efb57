#pragma once
// Beyond ShardingSphere 5.5 (spec §4.9): when the sharding values come from one IN list, record
// which items each unit needs, so that the rewrite sends every actual table only its own values.
#include <vector>

#include "route/router.h"
#include "route/sharding_conditions.h"

namespace sqlroute::route {

void PlanInListSplit(const RouteInput& input, const ShardingTable& table, const ShardingConditions& conditions,
                     RouteContext& context);

}  // namespace sqlroute::route
