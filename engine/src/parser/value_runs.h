#pragma once
// Long runs of simple values — the items of `IN (1, 2, ...)` and the rows of
// `VALUES (1, 'a'), (2, 'b'), ...` — are found by a plain scan and cut from the text ANTLR parses:
// ANTLR sees the first item (or row) only, and the converter re-adds the others from the scan.
// Simple values: unsigned or negated integers and decimals, quoted strings, NULL, TRUE, FALSE, '?'.
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "ast/statement.h"

namespace sqlroute::parser {

enum class SimpleKind { Integer, Decimal, String, Null, True, False, Param };

struct SimpleValue {
  SimpleKind kind;
  ast::Span span;
  bool negated = false;    // Integer / Decimal written with a leading '-'
  int32_t magnitude = -1;  // Integer of at most 9 digits (always an Int): its value without the sign
};

struct ValueRun {
  enum class Kind { InItems, Rows } kind;
  uint32_t anchor = 0;  // byte offset where the cut starts: the end of the first item or row
  uint32_t end = 0;     // byte offset where the cut ends
  std::vector<SimpleValue> values;  // the items (InItems) or the rows' values in order (Rows)
  std::vector<ast::Span> rows;      // Rows: each cut row, parentheses included
  std::vector<uint32_t> row_ends;   // Rows: index into `values` just past each row's values
};

// The runs worth cutting (at least kMinRunItems items or rows), in text order; empty when the
// statement has a versioned comment (whose content the scan does not follow).
std::vector<ValueRun> FindValueRuns(std::string_view sql);

// `sql` without the cut parts of `runs`.
std::string CutRuns(std::string_view sql, const std::vector<ValueRun>& runs);

}  // namespace sqlroute::parser
