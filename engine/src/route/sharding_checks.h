#pragma once
// Checks ShardingSphere applies to DML on sharding tables (its sharding DML statement
// validators and ShardingUpdateRouteContextChecker) and the auditors.
#include <vector>

#include "route/router.h"
#include "route/sharding_conditions.h"
#include "route/table_scope.h"

namespace sqlroute::route {

// UPDATE/DELETE naming several tables, one of them sharded and not all of one binding group:
// 20045. The alias a multi-table DELETE names is not a table.
void CheckMultipleTableDml(const ast::Statement& statement, const rules::ShardingRule& rule);
// SET of a sharding column to a value routed elsewhere (the WHERE conditions with the new
// value in place of the old one): 20041.
void CheckUpdateShardingValue(const RouteInput& input, const TableScope& scope, const ShardingConditions& conditions,
                              const RouteContext& context);
// UPDATE/DELETE ... LIMIT on more than one node: 20046.
void CheckLimitOnMultipleNodes(const ast::Statement& statement, const RouteContext& context);
// The tables' auditors (DML_SHARDING_CONDITIONS, registered ones), unless disabled by hint.
void RunAudits(const RouteInput& input, const std::vector<const rules::ShardingTable*>& tables, bool has_conditions);

}  // namespace sqlroute::route
