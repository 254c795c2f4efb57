#pragma once
// One-line outlines of parts of the statement model, as the parse golden corpus and
// sqlroute.parse show them: every item's text is taken from its span in the SQL.
#include <string>
#include <vector>

#include "ast/statement.h"

namespace sqlroute::ast {

// Joins of the main query block (SELECT) or of UPDATE / DELETE: `LEFT JOIN ON a.x = b.x`,
// `JOIN USING (id)`, `,`.
std::vector<std::string> JoinOutlines(const Statement& st);
// SET items: `GLOBAL max_connections = 100`, `USER v = 1`, `names = utf8mb4`.
std::vector<std::string> VariableOutlines(const Statement& st);
// Windows: `ROW_NUMBER OVER PARTITION BY a ORDER BY b DESC`, `WINDOW w ORDER BY c`, `SUM OVER w`.
std::vector<std::string> WindowOutlines(const Statement& st);
// ORDER BY inside calls: `GROUP_CONCAT ORDER BY b DESC, c`.
std::vector<std::string> CallOrderOutlines(const Statement& st);

}  // namespace sqlroute::ast
