#pragma once
// A statement's units merged as their rows are read, as ShardingSphere's stream merged results
// (OrderByStreamMergedResult, GroupByStreamMergedResult, LimitDecoratorMergedResult) merge them:
// the engine's MergeFeed is pushed each unit's rows as they arrive and hands back merged rows as
// soon as it has them; a unit is read only when the merge waits on it, so memory stays bounded
// by one row per unit plus what the merge itself holds (one group for a GROUP BY whose ORDER BY
// keeps groups together; sqlroute/merge.h says which merges hold more). Reads are non-blocking,
// on the client's I/O thread.
#include <functional>
#include <memory>
#include <string>
#include <vector>

#include "backend_connection.h"
#include "statement_executor.h"

namespace sqlroute::proxy {

// Whether the plan's rows stream this way: a SELECT whose units each have their own connection
// (`unit_per_connection`); the caller streams a plain single unit's rows itself.
bool StreamsMerged(const Plan& plan, bool unit_per_connection);

// Runs unit_sql[i] on connections[i] (which outlive `done`) and hands the merged rows, decrypted,
// to `sink`.
void RunMergedStream(const Plan& plan, std::shared_ptr<const RuleSet> rules,
                     std::vector<BackendConnection*> connections, const std::vector<std::string>& unit_sql,
                     RowSink& sink, StatementDone done);

}  // namespace sqlroute::proxy
