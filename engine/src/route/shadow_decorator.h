#pragma once
// Shadow routing (spec §8.2): decides which production data sources the statement moves to
// their shadow data sources, and moves the units.
#include "route/router.h"

namespace sqlroute::route {

void DecorateShadow(const RouteInput& input, RouteContext& context);

}  // namespace sqlroute::route
