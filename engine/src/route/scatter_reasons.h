#pragma once
// Why a route has several units (Plan::scatter_reasons). Called only for a route of more than
// one unit, so a statement routed to one unit pays nothing; the reasons are written over the
// spare ones of an earlier plan (RouteInput::spare), and their text is rendered only when read.
#include <vector>

#include "route/route_context.h"
#include "route/router.h"
#include "route/sharding_conditions.h"

namespace sqlroute::route {

// TCL, SET and USE: statements that follow the session to every data source (not a scatter).
bool IsSessionStatement(ast::StatementKind kind);

// Per sharding table and strategy level that chose more than one target: why. `standard`: the
// units are a standard route of tables.front(), one per distinct data node it reached.
void AddShardingScatterReasons(const RouteInput& input, const std::vector<const rules::ShardingTable*>& tables,
                               const ShardingConditions& conditions, RouteContext& context, bool standard = false);

// The rows of an INSERT spread over several data nodes.
void AddInsertRowsReason(const RouteInput& input, const rules::ShardingTable& table, std::size_t rows,
                         RouteContext& context);

// Broadcast, table broadcast (DDL) and every-data-source routes: the reason by their nature.
void AddNatureScatterReason(const RouteInput& input, RouteContext& context);

}  // namespace sqlroute::route
