#pragma once
// Where the clauses of a query block start and end in the statement's text, for the merge
// rewrite: the HAVING it removes, the WITH ROLLUP it removes, the GROUP BY it adds.
#include <cstdint>

#include "ast/statement.h"

namespace sqlroute::rewrite {

// The HAVING clause with the spaces before it, so that removing it leaves no stray spaces.
ast::Span HavingClause(const ast::Statement& statement, const ast::Query& query);

// The end of `WITH ROLLUP` after the GROUP BY items.
uint32_t RollupEnd(const ast::Statement& statement, const ast::Query& query);

// Where a GROUP BY clause goes in a query block that has none: before HAVING, ORDER BY, LIMIT or
// the locking clause, after the spaces that precede them; else at the block's end.
uint32_t GroupByPosition(const ast::Statement& statement, const ast::Query& query);

}  // namespace sqlroute::rewrite
