#pragma once
// Pagination for a SELECT on several units, as ShardingSphere's ShardingOffsetTokenGenerator and
// ShardingRowCountTokenGenerator write it: LIMIT o, n -> LIMIT 0, o+n, or the maximum row count
// when the units' rows are not the statement's groups. Literal and parameter forms.
#include <vector>

#include "rewrite/rewriter.h"
#include "rewrite/sql_token.h"

namespace sqlroute::rewrite {

// Adds tokens for literal bounds and rewrites `params` for parameter bounds.
// `merge` is the plan PlanSelectMerge made for the statement.
void RewritePagination(const RewriteInput& input, const MergeInstructions& merge, std::vector<SqlToken>& tokens,
                       UnitParams& params);

}  // namespace sqlroute::rewrite
