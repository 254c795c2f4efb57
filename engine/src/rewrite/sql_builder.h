#pragma once
// Splices token texts into the original SQL: everything between tokens stays byte-identical.
#include <string>
#include <vector>

#include "rewrite/sql_token.h"

namespace sqlroute::rewrite {

// Appends `sql` with the tokens' texts to `out`; `text_of(token, out)` appends a token's text,
// and `tokens` must be sorted and non-overlapping (SortAndCheck). A template rather than a
// std::function, whose captures took a heap block per unit: route/sharding/point_select/reused.
template <class TokenText>
void AppendSql(const std::string& sql, const std::vector<SqlToken>& tokens, const TokenText& text_of, std::string& out) {
  std::size_t cursor = 0;
  for (const auto& token : tokens) {
    out.append(sql, cursor, token.begin - cursor);
    text_of(token, out);
    cursor = token.end;
  }
  out.append(sql, cursor, std::string::npos);
}

}  // namespace sqlroute::rewrite
