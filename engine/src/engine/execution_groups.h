#pragma once
// Execution groups (ShardingSphere's prepare engine): per data source, its units packed into at
// most max-connections-size-per-query connections.
#include <vector>

#include "sqlroute/plan.h"

namespace sqlroute::engine {

// Writes the groups into `groups`, reusing the storage it has.
void GroupForExecution(const std::vector<SqlUnit>& units, int max_connections_per_query,
                       std::vector<ExecutionGroup>& groups);

}  // namespace sqlroute::engine
