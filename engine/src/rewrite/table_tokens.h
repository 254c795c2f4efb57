#pragma once
// Tokens for identifiers: logic table names in every position, column owners, the logical
// schema qualifier, and DDL constraint names.
#include <vector>

#include "rewrite/rewriter.h"
#include "rewrite/sql_token.h"

namespace sqlroute::rewrite {

void AddTableTokens(const RewriteInput& input, std::vector<SqlToken>& tokens);

}  // namespace sqlroute::rewrite
