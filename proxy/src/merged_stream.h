#pragma once
// Several units' rows merged as they are read, as ShardingSphere's OrderByStreamMergedResult
// merges sorted unit results: the engine's MergeStreams (its ORDER BY comparators, LIMIT) pulls
// from one source per unit, and each source holds at most one row read ahead of the merge, so
// memory stays bounded by the units, whatever the rows. Before each merged row every unit whose
// source ran dry has read its next row (non-blocking, on the client's I/O thread).
#include <functional>
#include <memory>
#include <string>
#include <vector>

#include "backend_connection.h"
#include "statement_executor.h"

namespace sqlroute::proxy {

// Whether the plan's merge streams this way: ORDER BY over several units, each on its own
// connection (`unit_per_connection`), without grouping, aggregates, DISTINCT, HAVING or ROLLUP.
bool StreamsMerged(const Plan& plan, bool unit_per_connection);

// Runs unit_sql[i] on connections[i] (which outlive `done`) and hands the merged rows to `sink`.
void RunMergedStream(const Plan& plan, std::shared_ptr<const RuleSet> rules,
                     std::vector<BackendConnection*> connections, const std::vector<std::string>& unit_sql,
                     RowSink& sink, StatementDone done);

}  // namespace sqlroute::proxy
