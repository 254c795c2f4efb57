#pragma once
// Routes one sharding table under one condition branch (or hints) to its data nodes, through
// its database and table strategies (ShardingSphere's standard route for one table).
#include <map>
#include <optional>
#include <utility>
#include <vector>

#include "route/route_context.h"
#include "route/sharding_conditions.h"
#include "rules/sharding_rule.h"
#include "sqlroute/hints.h"

namespace sqlroute::route {

// What standard strategies chose for each value of an IN list (by the IN expression and the target
// list chosen from: the data sources, or one data source's tables), as an index into that target
// list; -1 where nothing was chosen. The IN-list split reads it instead of asking the algorithms again.
using InListChoices = std::map<std::pair<ast::ExprId, const std::vector<std::string>*>, std::vector<int>>;

// The branch's condition on `column` of `table` or of a table bound to it, as strategies find
// it; null when there is none (or no branch).
const ColumnCondition* BoundCondition(const rules::ShardingTable& table, const std::string& column,
                                      const ShardingCondition* branch);

class TableRouter {
 public:
  // Decisions are appended to `decisions`. `spare` (optional, `decisions` empty): storage of an
  // earlier plan's decisions, which they are written over; DropSpare then drops what is left.
  TableRouter(const rules::ShardingRule& rule, const Hints& hints, std::vector<RouteDecision>& decisions,
              InListChoices* choices = nullptr, SpareRoute* spare = nullptr);
  void DropSpare() const;

  // `branch` may be null: no sharding condition, so every node the strategies allow.
  std::vector<rules::DataNode> Route(const rules::ShardingTable& table, const ShardingCondition* branch) const;

 private:
  // What a strategy finds the same for each of its target lists: the standard condition, and
  // the partitions of its values (`single` for one value, else `partitions`) or of its range.
  struct PartitionMemo {
    const rules::ShardingStrategy* strategy = nullptr;
    const ColumnCondition* standard_condition = nullptr;
    const PrecisePartitions* algorithm = nullptr;
    const ColumnCondition* condition = nullptr;
    int64_t single = 0;
    std::vector<int64_t> partitions;        // distinct, in the order of their first value
    std::vector<uint32_t> value_partitions;  // per value: its index in `partitions`
    std::optional<std::vector<int64_t>> range;  // of a range condition
  };

  // The targets chosen, valid until the next call (`available`, or the decision it records);
  // `list`: which of the strategy's target lists `available` is (ShardingStrategy::partition_targets).
  const std::vector<std::string>& RunStrategy(const rules::ShardingStrategy& strategy,
                                              const std::vector<std::string>& available, const rules::ShardingTable& table,
                                              const DataNodeInfo& info, const ShardingCondition* branch,
                                              bool database_level, std::size_t list, PartitionMemo& memo) const;
  // The targets go into `result` (empty).
  void ByStandard(const rules::ShardingStrategy& strategy, const std::vector<std::string>& available,
                  const rules::ShardingTable& table, const DataNodeInfo& info, const ColumnCondition& condition,
                  std::size_t list, PartitionMemo& memo, std::vector<std::string>& result) const;
  // `condition_text` (and `column` for complex) receive what the decision shows.
  std::vector<std::string> ByHint(const rules::ShardingStrategy& strategy, const std::vector<std::string>& available,
                                  const rules::ShardingTable& table, bool database_level, std::string& condition_text) const;
  // `condition_text` stays empty when no column has a condition: every target then.
  std::vector<std::string> ByComplex(const rules::ShardingStrategy& strategy, const std::vector<std::string>& available,
                                     const rules::ShardingTable& table, const ShardingCondition* branch, std::string& column,
                                     std::string& condition_text) const;
  // Standard precise sharding of every value, asking the algorithm for each one.
  std::vector<std::string> ByDoSharding(const StandardShardingAlgorithm& algorithm,
                                        const std::vector<std::string>& available, const ShardingTarget& target,
                                        const ColumnCondition& condition, std::vector<int>* record) const;
  // Standard precise sharding of every value, through the algorithm's partitions (`tabulated`:
  // the rule's partition -> target index table for `available`, or null).
  void ByPartitions(const PrecisePartitions& algorithm, const std::vector<std::string>& available,
                    const DataNodeInfo& info, const std::vector<int32_t>* tabulated, const ColumnCondition& condition,
                    std::vector<int>* record, PartitionMemo& memo, std::vector<std::string>& result) const;
  // The partitions of the condition's values (memo.single or memo.partitions), or of its range
  // (memo.range), once per condition.
  void ComputePartitions(const PrecisePartitions& algorithm, const ColumnCondition& condition, PartitionMemo& memo) const;
  void ComputeRange(const PrecisePartitions& algorithm, const ColumnCondition& condition, PartitionMemo& memo) const;
  const ColumnCondition* StandardCondition(const rules::ShardingStrategy& strategy, const rules::ShardingTable& table,
                                           const ShardingCondition* branch, PartitionMemo& memo) const;
  // The partitions of a one-value or range standard condition, found once for all target lists:
  // a list that tabulates a target for none of them is missed (RunStrategy would choose nothing
  // there). Not `active` when that cannot be told from the rule's tables. The partitions are
  // `memo`'s, which the table strategy's RunStrategy reads without changing them.
  struct MissTest {
    bool active = false;
    const std::vector<std::vector<int32_t>>* tabulated = nullptr;  // ShardingStrategy::partition_targets
    const int64_t* first = nullptr;  // the partitions
    const int64_t* last = nullptr;
    bool Misses(std::size_t list) const;
  };
  MissTest PrepareMisses(const rules::ShardingStrategy& strategy, const rules::ShardingTable& table,
                         const ShardingCondition* branch, PartitionMemo& memo) const;
  // Standard range sharding through the algorithm's range partitions and the rule's table.
  void ByRangePartitions(const PrecisePartitions& algorithm, const std::vector<std::string>& available,
                         const std::vector<int32_t>& tabulated, const ColumnCondition& condition, PartitionMemo& memo,
                         std::vector<std::string>& result) const;
  std::vector<Value> HintValues(const rules::ShardingTable& table, bool database_level) const;

  const rules::ShardingRule& rule_;
  const Hints& hints_;
  std::vector<RouteDecision>& decisions_;
  InListChoices* choices_;
  mutable std::size_t used_;  // decisions_ beyond this are spare
  bool recycling_;
};

}  // namespace sqlroute::route
