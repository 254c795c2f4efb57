#pragma once
// Engine::Route after the route stage, shared with the plan templates that replay a route and
// hand the rest back to the general pipeline.
#include <string_view>

#include "observe/observation.h"
#include "rewrite/rewriter.h"
#include "route/router.h"
#include "sqlroute/plan.h"
#include "sqlroute/session.h"

namespace sqlroute::engine {

// The route decorators (route/decorators.h), transaction tracking, rewrite and the plan of `sql`.
// `trace` (optional) records the rewrite; `decorated` (optional) receives the decorated route.
Plan FinishRoute(const route::RouteInput& input, route::RouteContext route, Session* session, std::string_view sql,
                 observe::Observation& observation, rewrite::RewriteTrace* trace = nullptr,
                 route::RouteContext* decorated = nullptr);

}  // namespace sqlroute::engine
