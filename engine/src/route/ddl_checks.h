#pragma once
// Checks ShardingSphere applies to DDL on sharding tables: its sharding DDL supported checkers
// (before routing) and route context checkers (after).
#include <vector>

#include "route/router.h"

namespace sqlroute::route {

// Before routing, whatever tables the statement names (the sharding DDL supported checkers), unless
// the SKIP_METADATA_VALIDATE hint is given: the checks against the schema (schema_checks.h);
// ALTER TABLE ... RENAME TO, RENAME TABLE naming a sharding table and DROP TABLE ... CASCADE: 20040;
// CREATE / ALTER VIEW: every sharding table the view selects from is bound to the view, itself
// a sharding table (ShardingCreateViewSupportedChecker, ShardingAlterViewSupportedChecker): 20009.
// Without a sharding rule, DROP TABLE ... CASCADE: 12300 (SingleDropTableSupportedChecker).
void CheckDdlSupported(const RouteInput& input);

// The route of CREATE / ALTER / DROP TABLE and DROP INDEX has one unit per data node of the
// table (ShardingCreateTable-, ShardingAlterTable-, ShardingDropTable-, ShardingDropIndexRouteContextChecker):
// 20060; DROP TABLE leaves the actual tables of the other sharding tables alone: 20006;
// CREATE VIEW on several units neither groups, aggregates, de-duplicates nor limits
// (ShardingCreateViewRouteContextChecker): 20042.
void CheckDdlRoute(const RouteInput& input, const RouteContext& context);

}  // namespace sqlroute::route
