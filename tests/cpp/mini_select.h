#pragma once
// A tiny SELECT evaluator for the merge property tests: it runs the logic statement on a whole
// table and each unit's rewritten statement on that unit's actual table. Only the shapes the
// tests generate: SELECT [DISTINCT] column | aggregate [AS label], ... FROM table
// [GROUP BY columns] [ORDER BY item [ASC|DESC], ...] [LIMIT [offset,] count] [UNION ALL ...].
#include <map>
#include <ostream>
#include <string>

#include <sqlroute/merge.h>

namespace sqlroute {

// GoogleTest prints values as kind:text.
inline void PrintTo(const Value& value, std::ostream* out) {
  *out << Value::KindName(value.kind()) << ":" << value.ToDisplay();
}

namespace testing {

struct Table {
  std::vector<std::string> columns;
  std::vector<Row> rows;
};

ResultSet EvaluateSelect(const std::string& sql, const std::map<std::string, Table>& tables, Collation collation);

}  // namespace testing
}  // namespace sqlroute
