#pragma once
// Folds the unit rows of one group into the group's logical row: each aggregate combines the
// units' partial results, every other column keeps the group's first value.
#include <cstdint>
#include <optional>
#include <set>
#include <string>
#include <vector>

#include "expr/big_decimal.h"
#include "merge/merge_layout.h"
#include "merge/value_order.h"

namespace sqlroute::merge {

// A running SUM: exact while every part is exact, double once a part is a double.
class NumericSum {
 public:
  void Add(const Value& part, const char* aggregate);
  bool empty() const { return !any_; }
  bool is_double() const { return is_double_; }
  double as_double() const { return is_double_ ? double_ : exact_.DoubleValue(); }
  const expr::BigDecimal& exact() const { return exact_; }
  Value Result() const;  // NULL when nothing was added, else DECIMAL or DOUBLE

 private:
  bool any_ = false;
  bool is_double_ = false;
  double double_ = 0;
  expr::BigDecimal exact_;
};

class GroupAccumulator {
 public:
  GroupAccumulator(const MergeLayout& layout, Collation collation);
  void Add(const Row& row);
  // The group's row; for a group without rows (aggregates without GROUP BY over no rows),
  // COUNT gives 0 and every other column NULL.
  Row Finish() const;

 private:
  struct State {
    explicit State(Collation collation) : seen(ValueLess{collation}) {}
    NumericSum sum;        // COUNT, SUM, AVG's derived SUM, COUNT/SUM DISTINCT
    NumericSum count;      // AVG's derived COUNT
    std::optional<Value> best;  // MIN, MAX
    uint64_t bits = 0;     // BIT_XOR
    std::optional<std::string> text;  // GROUP_CONCAT
    bool bytes = false;
    std::set<Value, ValueLess> seen;  // DISTINCT values
  };
  void Fold(const BoundAggregation& aggregation, State& state, const Value& value) const;
  Value Result(const BoundAggregation& aggregation, const State& state) const;

  const MergeLayout* layout_;
  Collation collation_;
  Row first_;
  std::vector<State> states_;
};

}  // namespace sqlroute::merge
