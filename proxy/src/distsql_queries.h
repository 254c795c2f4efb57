#pragma once
// DistSQL RQL answered as ShardingSphere-Proxy's query executors answer it: PREVIEW
// (PreviewExecutor), SHOW STORAGE UNITS (ShowStorageUnitExecutor), SHOW SHARDING TABLE
// RULES (ShowShardingTableRuleExecutor), the read-write splitting, encrypt and broadcast rules'
// SHOW, and those of distsql_rule_queries.h, with their column names and cell formats.
#include <string_view>

#include "logic_database.h"
#include "statement_executor.h"

namespace sqlroute::proxy {

// Throws sqlroute::Error (a statement it cannot route, a query it does not know).
StatementResult RunDistSqlQuery(const LogicDatabase& database, const Session& session, std::string_view sql);

}  // namespace sqlroute::proxy
