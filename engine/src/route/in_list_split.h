#pragma once
// Beyond ShardingSphere 5.5, as its unreleased ShardingStandardRouteEngine does: when the
// sharding values come from one IN list, record which items each unit needs, so that the
// rewrite sends every actual table only its own values.
#include <vector>

#include "route/router.h"
#include "route/sharding_conditions.h"
#include "route/table_router.h"

namespace sqlroute::route {

// `choices`: what the route's strategies chose for each IN value (recorded by its TableRouter).
void PlanInListSplit(const RouteInput& input, const rules::ShardingTable& table, const ShardingConditions& conditions,
                     const InListChoices& choices, RouteContext& context);

}  // namespace sqlroute::route
