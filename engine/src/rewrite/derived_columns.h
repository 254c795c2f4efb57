#pragma once
// A SELECT on several units, as ShardingSphere's ProjectionsContextEngine derives it: derived
// columns for ORDER BY / GROUP BY items that are not projected, AVG split into COUNT and SUM,
// an ORDER BY added for a GROUP BY without one — and the merge instructions that tell a proxy
// how to combine the units' results.
//
// HAVING: ShardingSphere keeps it in every unit (its merge never evaluates HAVING), so a unit
// filters only its share of a group. That is exact, and sent as ShardingSphere sends it, where each
// group lies on one unit (GroupsStayOnOneUnit). Elsewhere, with the prop `having-merge-enabled`
// (default true: never a wrong merged result), HAVING is removed from the units and evaluated by the
// merge, with the aggregates and columns it needs that the projection lacks appended as
// `<expr> AS HAVING_DERIVED_<n>` (after the ORDER BY / GROUP BY ones; AVG adds
// AVG_DERIVED_COUNT/SUM, COUNT/SUM/AVG(DISTINCT x) adds `x AS AGGREGATION_DISTINCT_DERIVED_<n>`);
// its `?` values leave the units' parameters (`dropped_params`). With it false, the units keep
// HAVING as ShardingSphere's and the plan warns. An aggregate in ORDER BY that
// is not projected is derived as ORDER_BY_DERIVED_<n> and merged. AVG(DISTINCT x) is rewritten
// like COUNT/SUM(DISTINCT x).
// GROUP BY ... WITH ROLLUP loses WITH ROLLUP in the units, which are ordered by the group
// items; the merge adds the super-aggregate rows. DISTINCT aggregates next to other aggregates
// without a GROUP BY group the units by the DISTINCT arguments (`GROUP BY x`), so that each
// unit row holds partial results of the other aggregates.
#include <string>
#include <vector>

#include "rewrite/rewriter.h"
#include "rewrite/sql_token.h"

namespace sqlroute::rewrite {

void PlanSelectMerge(const RewriteInput& input, std::vector<SqlToken>& tokens, MergeInstructions& merge,
                     std::vector<int32_t>& dropped_params, std::vector<std::string>& warnings);

}  // namespace sqlroute::rewrite
