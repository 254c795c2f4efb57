#pragma once
// The links a route unit follows through chained logical data sources (rules::DataSourceGraph),
// recorded for explain: `chain: readwrite rw_0 -> shadow shadow_0 -> db_0_shadow`.
#include <cstddef>

#include "route/route_context.h"
#include "route/router.h"

namespace sqlroute::route {

// Before a decorator moves unit `index` off a logical data source of the given kind
// ("readwrite", "shadow"): records the link when the rules chain data sources.
void RecordLink(const RouteInput& input, RouteContext& context, std::size_t index, const char* kind);

// Whether some unit still names a logical data source, which another pass of the decorators resolves.
bool OnLogicalDataSource(const RouteInput& input, const RouteContext& context);

// One note per unit that passed more than one logical data source.
void NoteChains(RouteContext& context);

}  // namespace sqlroute::route
