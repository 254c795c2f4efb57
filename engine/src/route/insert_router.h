#pragma once
// INSERT / REPLACE on a sharding table (spec §4.5): one condition per value row, each row
// routed to exactly one data node; generated keys; INSERT ... SELECT.
#include <vector>

#include "route/router.h"

namespace sqlroute::route {

RouteContext RouteInsert(const RouteInput& input, const std::vector<const ShardingTable*>& tables);

// The insert's column names: the written list, else the table metadata (minus a generated
// key column the rows leave out).
std::vector<std::string> InsertColumns(const ast::Statement& statement, const detail::CompiledRules& rules,
                                       const ShardingTable* table);

}  // namespace sqlroute::route
