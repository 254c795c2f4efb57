#pragma once
// Splices token texts into the original SQL: everything between tokens stays byte-identical.
#include <functional>
#include <string>
#include <vector>

#include "rewrite/sql_token.h"

namespace sqlroute::rewrite {

// Appends a token's text to `out`.
using TokenText = std::function<void(const SqlToken&, std::string& out)>;

// Writes `sql` with the tokens' texts over `result`; `tokens` must be sorted and non-overlapping
// (SortAndCheck).
void BuildSql(const std::string& sql, const std::vector<SqlToken>& tokens, const TokenText& text_of, std::string& result);

}  // namespace sqlroute::rewrite
