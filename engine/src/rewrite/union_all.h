#pragma once
// UNION ALL aggregation (spec §5.7, ShardingSphere 5.5.3+): the SELECT units of one data source
// become one statement `<sql1> UNION ALL <sql2> ...`, in batches of at most
// `max-union-size-per-datasource`, when the statement is simple enough for that to be safe.
#include <vector>

#include "rewrite/rewriter.h"

namespace sqlroute::rewrite {

void AggregateUnionAll(const RewriteInput& input, std::vector<SqlUnit>& units);

}  // namespace sqlroute::rewrite
