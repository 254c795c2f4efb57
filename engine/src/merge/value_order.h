#pragma once
// MySQL's ordering of values inside the merge: ORDER BY, GROUP BY equality, DISTINCT.
#include <cstddef>
#include <vector>

#include "sqlroute/merge.h"

namespace sqlroute::merge {

struct SortKey {
  std::size_t index = 0;
  bool descending = false;
};

// Rows compared on the keys, each in its direction.
int CompareRows(const Row& a, const Row& b, const std::vector<SortKey>& keys, Collation collation);

// Strict weak orders for std::set / std::map.
struct ValueLess {
  Collation collation;
  bool operator()(const Value& a, const Value& b) const { return CompareForMerge(a, b, collation) < 0; }
};

struct RowLess {
  Collation collation;
  bool operator()(const Row& a, const Row& b) const;
};

}  // namespace sqlroute::merge
