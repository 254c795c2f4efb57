#pragma once
// Shadow routing (spec §8.2): decides which production data sources the statement moves to
// their shadow data sources, and moves the units.
#include "route/router.h"

namespace sqlroute::route {

void DecorateShadow(const RouteInput& input, RouteContext& context);

// Whether DecorateShadow may read the statement's literal or parameter values (a column
// algorithm for the statement's operation on one of its tables); false when its decision
// depends on the statement's structure, comments and hints only.
bool ShadowReadsValues(const RouteInput& input);

}  // namespace sqlroute::route
