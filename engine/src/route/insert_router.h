#pragma once
// INSERT / REPLACE on a sharding table (ShardingSphere's InsertClauseShardingConditionEngine):
// one condition per value row, each row routed to exactly one data node; generated keys;
// INSERT ... SELECT.
#include <vector>

#include "route/router.h"

namespace sqlroute::route {

RouteContext RouteInsert(const RouteInput& input, const std::vector<const rules::ShardingTable*>& tables);

}  // namespace sqlroute::route
