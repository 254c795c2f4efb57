#pragma once
// Whether every group of a grouped SELECT lies on one route unit: then each unit's HAVING sees
// its groups whole, and ShardingSphere's unit SQL (HAVING kept in every unit) is exact.
//
// A group does when one sharding table of the block is placed by the group: the GROUP BY names
// every column of each strategy that spreads the table over several targets, and each such
// strategy sends equal values to one target (rules::ShardingStrategy::equal_values_one_target);
// and each actual node of that table is in one unit only (a binding route, not a cartesian one),
// or every sharding table of the block is placed so.
// An outer join (whose NULL group has no node), a derived table, a UNION or WITH ROLLUP never
// qualifies.
#include "ast/statement.h"
#include "rewrite/rewriter.h"

namespace sqlroute::rewrite {

bool GroupsStayOnOneUnit(const RewriteInput& input, const ast::Query& query);

}  // namespace sqlroute::rewrite
