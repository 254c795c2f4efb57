#pragma once
// SHOW [FULL] TABLES [FROM | IN db] [LIKE 'pattern'], answered as ShardingSphere-Proxy's
// ShowTablesExecutor answers it: the logic tables of the database's schema (sharding, single and
// broadcast tables the storage units hold), in a column `Tables_in_<db>`, and `Table_type` (always
// BASE TABLE) with FULL; LIKE filters them ignoring case, WHERE is not applied.
#include <string>

#include "logic_database.h"
#include "statement_executor.h"

namespace sqlroute::proxy {

// `like`: "" for every table.
StatementResult ShowTables(const LogicDatabase& database, bool full, const std::string& like);

}  // namespace sqlroute::proxy
