#pragma once
// A replacement of the byte range [begin, end) of the original SQL (an insertion when the
// range is empty). Its text may depend on the route unit.
#include <cstdint>
#include <string>
#include <vector>

#include "sqlroute/plan.h"

namespace sqlroute::rewrite {

enum class TokenKind {
  Text,            // fixed text
  TableName,       // logic table -> actual table of the unit
  ConstraintName,  // constraint name -> name_actualTable
  InsertValues,    // the unit's own value rows
  InListItems,     // the unit's own IN-list items
};

struct SqlToken {
  uint32_t begin = 0;
  uint32_t end = 0;
  TokenKind kind = TokenKind::Text;
  std::string text;    // Text: the replacement; TableName/ConstraintName: the logic name as written
  std::string table;   // ConstraintName: the logic table the constraint belongs to
  bool quoted = false; // keep backquotes around the new name
};

// Sorts the tokens and checks that none overlap (an overlap is a bug: REWRITE_CONFLICT).
void SortAndCheck(std::vector<SqlToken>& tokens, const std::string& sql);

// The actual name of `logic` in `unit`, or null when the unit does not map it.
const std::string* ActualTable(const RouteUnit& unit, const std::string& logic);

}  // namespace sqlroute::rewrite
