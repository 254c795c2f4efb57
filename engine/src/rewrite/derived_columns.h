#pragma once
// Derived columns for a SELECT on several units (spec §5.3): ORDER BY / GROUP BY items that
// are not projected, AVG split into COUNT and SUM, and an ORDER BY added for a GROUP BY
// without one, so that the units' results can be merged.
#include <vector>

#include "rewrite/rewriter.h"
#include "rewrite/sql_token.h"

namespace sqlroute::rewrite {

void AddDerivedColumnTokens(const RewriteInput& input, std::vector<SqlToken>& tokens);

}  // namespace sqlroute::rewrite
