#include "rewrite/sql_builder.h"

namespace sqlroute::rewrite {

void BuildSql(const std::string& sql, const std::vector<SqlToken>& tokens, const TokenText& text_of, std::string& result) {
  result.clear();
  result.reserve(sql.size() + 32);
  std::size_t cursor = 0;
  for (const auto& token : tokens) {
    result.append(sql, cursor, token.begin - cursor);
    text_of(token, result);
    cursor = token.end;
  }
  result.append(sql, cursor, std::string::npos);
}

}  // namespace sqlroute::rewrite
