#pragma once
// Shadow routing (ShardingSphere's ShadowSQLRouter and its data source mapping retrievers):
// decides which production data sources the statement moves to their shadow data sources, and
// moves the units.
#include "route/router.h"
#include "sqlroute/session.h"

namespace sqlroute::route {

// The session is not read: the signature is the one every route decorator has (route/decorators.h).
void DecorateShadow(const RouteInput& input, Session* session, RouteContext& context);

}  // namespace sqlroute::route
