#pragma once
// Pagination for a SELECT on several units (spec §5.4): LIMIT o, n -> LIMIT 0, o+n, or the
// maximum row count when groups must all be fetched. Literal and parameter forms.
#include <vector>

#include "rewrite/rewriter.h"
#include "rewrite/sql_token.h"

namespace sqlroute::rewrite {

// Adds tokens for literal bounds and rewrites `params` for parameter bounds.
void RewritePagination(const RewriteInput& input, std::vector<SqlToken>& tokens, std::vector<Value>& params);

}  // namespace sqlroute::rewrite
