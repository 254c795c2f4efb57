#pragma once
// A SELECT on several units (spec §5.3): derived columns for ORDER BY / GROUP BY items that
// are not projected, AVG split into COUNT and SUM, an ORDER BY added for a GROUP BY without
// one — and the merge instructions that tell a proxy how to combine the units' results.
#include <vector>

#include "rewrite/rewriter.h"
#include "rewrite/sql_token.h"

namespace sqlroute::rewrite {

void PlanSelectMerge(const RewriteInput& input, std::vector<SqlToken>& tokens, MergeInstructions& merge);

}  // namespace sqlroute::rewrite
