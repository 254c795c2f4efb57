#pragma once
// A cheap lexical pre-scan that measures how deeply a statement nests, so that statements
// which would recurse too deeply are rejected before ANTLR sees them.
#include <cstddef>
#include <string_view>
#include <vector>

namespace sqlroute::parser {

struct Nesting {
  int depth = 0;        // deepest nesting of parentheses, braces and CASE ... END
  int prefix_run = 0;   // longest run of prefix operators (NOT, BINARY, !, -, +, ~)
  int right_chains = 0; // right-nesting operators that need no parentheses (:=, INTERVAL, JOIN)
};

// A stretch of the text the scan may pass over unread when it reaches its start: a run of
// simple values (parser/value_runs.h), which adds no nesting beyond that of its first item or row.
struct PlainStretch {
  std::size_t begin;
  std::size_t end;
};

// `plain`: in text order.
Nesting ScanNesting(std::string_view sql, const std::vector<PlainStretch>& plain = {});

// Index just past the quoted text (', " or `) starting at `i`, honouring doubled quotes and
// backslash escapes; sql.size() + 1 when it is not closed.
std::size_t QuotedEnd(std::string_view sql, std::size_t i);

}  // namespace sqlroute::parser
