#pragma once
// Read/write splitting (ShardingSphere's ReadwriteSplittingDataSourceRouter): each unit on a
// read/write group goes to the primary or to a replica chosen by the group's load balancer.
#include <vector>

#include "rules/readwrite_rule.h"
#include "route/router.h"
#include "sqlroute/session.h"

namespace sqlroute::route {

void DecorateReadwrite(const RouteInput& input, Session* session, RouteContext& context);

// Why the statement must run on the primary whatever the strategy says; "" when it need not.
std::string PrimaryReason(const ast::Statement& statement, const Hints& hints);

}  // namespace sqlroute::route
