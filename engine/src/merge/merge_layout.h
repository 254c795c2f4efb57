#pragma once
// The merge instructions bound to the units' columns: every referenced column as a position.
#include <cstddef>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "merge/value_order.h"
#include "sqlroute/merge.h"

namespace sqlroute::merge {

struct BoundAggregation {
  AggregationType type = AggregationType::Count;
  std::size_t index = 0;
  bool distinct = false;
  std::size_t avg_count = 0;
  std::size_t avg_sum = 0;
  std::string separator;
};

struct MergeLayout {
  std::vector<std::string> columns;  // the units' columns, derived ones included
  std::vector<SortKey> order_by;
  std::vector<SortKey> group_by;
  std::vector<BoundAggregation> aggregations;
  std::vector<std::string> labels;   // the logical result's columns: visible ones, renamed
  std::optional<MergeExpr> having;   // every Column bound to its position
  bool rollup = false;
};

// Checks that every unit has the same columns (`units`: each unit's labels) and binds the
// instructions to them.
MergeLayout BindLayout(const MergeInstructions& instructions, const std::vector<std::vector<std::string>>& units);

}  // namespace sqlroute::merge
