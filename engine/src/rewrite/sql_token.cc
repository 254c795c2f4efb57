#include "rewrite/sql_token.h"

#include <algorithm>

#include "common/strings.h"
#include "sqlroute/error.h"

namespace sqlroute::rewrite {

void SortAndCheck(std::vector<SqlToken>& tokens, const std::string& sql) {
  auto before = [](const SqlToken& a, const SqlToken& b) {
    return a.begin != b.begin ? a.begin < b.begin : a.end < b.end;
  };
  if (!std::is_sorted(tokens.begin(), tokens.end(), before)) std::stable_sort(tokens.begin(), tokens.end(), before);
  for (std::size_t i = 0; i < tokens.size(); ++i) {
    if (tokens[i].end > sql.size() || tokens[i].begin > tokens[i].end ||
        (i > 0 && tokens[i].begin < tokens[i - 1].end)) {
      throw Error(ErrorCode::REWRITE_CONFLICT,
                  "rewrite tokens overlap at byte " + std::to_string(tokens[i].begin) + " of the statement",
                  PositionAt(sql, std::min<std::size_t>(tokens[i].begin, sql.size())));
    }
  }
}

const std::string* ActualTable(const RouteUnit& unit, const std::string& logic) {
  for (const auto& each : unit.tables) {
    if (EqualsIgnoreCase(each.logic, logic)) return &each.actual;
  }
  return nullptr;
}

}  // namespace sqlroute::rewrite
