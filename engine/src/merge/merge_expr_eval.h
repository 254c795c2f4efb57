#pragma once
// MySQL's evaluation of a MergeExpr (the HAVING of a statement on several units) on one merged
// row: three-valued logic, numbers exact where MySQL keeps them exact, strings by collation.
#include "sqlroute/merge.h"

namespace sqlroute::merge {

// The value of `expr` on `row`; every Column in `expr` must be bound to a position of `row`.
Value Evaluate(const MergeExpr& expr, const Row& row, Collation collation);
// Whether a WHERE/HAVING condition with this value keeps the row: true, not NULL or false.
bool IsTrue(const Value& value);

}  // namespace sqlroute::merge
