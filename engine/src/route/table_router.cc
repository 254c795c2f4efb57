#include "route/table_router.h"

#include <algorithm>
#include <unordered_map>
#include <unordered_set>
#include <utility>

#include "algorithm/sharding/sharding_values.h"
#include "common/strings.h"
#include "sqlroute/error_text.h"

namespace sqlroute::route {
namespace {

using Kind = config::StrategyConfig::Kind;

std::string JavaList(const std::vector<std::string>& items) { return "[" + Join(items, ", ") + "]"; }

// What LessIgnoreCase compares: each byte case-folded.
std::string Folded(const std::string& text) {
  std::string folded(text.size(), '\0');
  for (std::size_t i = 0; i < text.size(); ++i) {
    folded[i] = static_cast<char>(AsciiLower(text[i]));
  }
  return folded;
}

// ShardingSphere collects strategy results in a case-insensitive TreeSet: LessIgnoreCase's
// order, the first of targets equal but for case kept. Each target is folded once rather than
// at every comparison, and nothing is sorted when the targets come strictly in order already
// (as they mostly do; then no two are equal either).
std::vector<std::string> SortedDistinct(std::vector<std::string> targets) {
  if (targets.size() < 2) return targets;
  bool ascending = true;
  for (std::size_t i = 1; i < targets.size() && ascending; ++i) ascending = LessIgnoreCase(targets[i - 1], targets[i]);
  if (ascending) return targets;
  std::vector<std::pair<std::string, std::string>> keyed;  // (folded, target)
  keyed.reserve(targets.size());
  for (auto& target : targets) keyed.emplace_back(Folded(target), std::move(target));
  std::stable_sort(keyed.begin(), keyed.end(), [](const auto& a, const auto& b) { return a.first < b.first; });
  for (std::size_t i = 0; i < keyed.size(); ++i) targets[i] = std::move(keyed[i].second);
  targets.erase(std::unique(targets.begin(), targets.end(),
                            [](const std::string& a, const std::string& b) { return EqualsIgnoreCase(a, b); }),
                targets.end());
  return targets;
}

void CheckTarget(const std::string& target, const std::vector<std::string>& available) {
  if (std::find(available.begin(), available.end(), target) == available.end()) {
    throw Error(Message<msg::RoutedTargetNotExist>(arg::target = target, arg::available = JavaList(available)));
  }
}

// The index in `available` of each partition's target (-1: none there): from the rule's table
// when it has one, else found on first use.
class PartitionTargets {
 public:
  PartitionTargets(const PrecisePartitions& algorithm, const std::vector<std::string>& available,
                   const DataNodeInfo& info, const std::vector<int32_t>* tabulated)
      : algorithm_(algorithm), available_(available), info_(info), tabulated_(tabulated) {}

  int Find(int64_t partition) {
    if (tabulated_ && partition >= 0 && static_cast<uint64_t>(partition) < tabulated_->size()) {
      return (*tabulated_)[static_cast<std::size_t>(partition)];
    }
    constexpr int64_t kDense = 4096;
    if (partition >= 0 && partition < kDense) {
      auto slot = static_cast<std::size_t>(partition);
      if (slot >= dense_.size()) dense_.resize(slot + 1, kUnknown);
      if (dense_[slot] == kUnknown) dense_[slot] = Lookup(partition);
      return dense_[slot];
    }
    auto found = sparse_.find(partition);
    if (found != sparse_.end()) return found->second;
    return sparse_[partition] = Lookup(partition);
  }

 private:
  static constexpr int kUnknown = -2;

  int Lookup(int64_t partition) const {
    std::string name = algorithm::FindMatchedTargetName(available_, algorithm_.PartitionSuffix(partition), info_);
    if (name.empty()) return -1;
    return static_cast<int>(std::find(available_.begin(), available_.end(), name) - available_.begin());
  }

  const PrecisePartitions& algorithm_;
  const std::vector<std::string>& available_;
  const DataNodeInfo& info_;
  const std::vector<int32_t>* tabulated_;
  std::vector<int> dense_;
  std::unordered_map<int64_t, int> sparse_;
};

}  // namespace

TableRouter::TableRouter(const rules::ShardingRule& rule, const Hints& hints, std::vector<RouteDecision>& decisions,
                         InListChoices* choices, SpareRoute* spare)
    : rule_(rule), hints_(hints), decisions_(decisions), choices_(choices), used_(decisions.size()),
      recycling_(spare && decisions.empty()) {
  if (recycling_) decisions_.swap(spare->decisions);
}

void TableRouter::DropSpare() const {
  if (recycling_) decisions_.erase(decisions_.begin() + static_cast<std::ptrdiff_t>(used_), decisions_.end());
}

void TableRouter::ByPartitions(const PrecisePartitions& algorithm, const std::vector<std::string>& available,
                               const DataNodeInfo& info, const std::vector<int32_t>* tabulated,
                               const ColumnCondition& condition, std::vector<int>* record, PartitionMemo& memo,
                               std::vector<std::string>& result) const {
  ComputePartitions(algorithm, condition, memo);
  PartitionTargets targets(algorithm, available, info, tabulated);
  if (condition.values.size() == 1) {  // the point query: nothing to deduplicate
    int index = targets.Find(memo.single);
    if (index < 0) return;
    if (record) (*record)[0] = index;
    result.push_back(available[static_cast<std::size_t>(index)]);
    return;
  }
  // Per distinct partition, not per value: for a 1,000-value IN over MOD 10, 108 k -> 26 k
  // instructions here (callgrind).
  std::vector<int> index_of(memo.partitions.size());
  std::vector<bool> taken(available.size());
  for (std::size_t d = 0; d < memo.partitions.size(); ++d) {
    int index = index_of[d] = targets.Find(memo.partitions[d]);
    if (index < 0 || taken[static_cast<std::size_t>(index)]) continue;
    taken[static_cast<std::size_t>(index)] = true;
    result.push_back(available[static_cast<std::size_t>(index)]);
  }
  if (!record) return;
  for (std::size_t k = 0; k < memo.value_partitions.size(); ++k) (*record)[k] = index_of[memo.value_partitions[k]];
}

void TableRouter::ComputePartitions(const PrecisePartitions& algorithm, const ColumnCondition& condition,
                                    PartitionMemo& memo) const {
  if (memo.algorithm == &algorithm && memo.condition == &condition) return;
  memo.partitions.clear();
  if (condition.values.size() == 1) {
    memo.single = algorithm.PrecisePartition(condition.values.front());
  } else {
    memo.value_partitions.clear();
    memo.value_partitions.reserve(condition.values.size());
    constexpr int64_t kDense = 4096;  // partitions below this are found by index, the rest by hash
    std::vector<int32_t> dense;
    std::unordered_map<int64_t, uint32_t> sparse;
    for (const auto& value : condition.values) {
      int64_t partition = algorithm.PrecisePartition(value);
      auto next = static_cast<uint32_t>(memo.partitions.size());
      uint32_t slot = next;
      if (partition >= 0 && partition < kDense) {
        if (dense.size() <= static_cast<std::size_t>(partition)) dense.resize(static_cast<std::size_t>(partition) + 1, -1);
        int32_t& known = dense[static_cast<std::size_t>(partition)];
        if (known < 0) known = static_cast<int32_t>(next);
        slot = static_cast<uint32_t>(known);
      } else {
        slot = sparse.emplace(partition, next).first->second;
      }
      if (slot == next) memo.partitions.push_back(partition);
      memo.value_partitions.push_back(slot);
    }
  }
  memo.algorithm = &algorithm;
  memo.condition = &condition;
}

void TableRouter::ComputeRange(const PrecisePartitions& algorithm, const ColumnCondition& condition,
                               PartitionMemo& memo) const {
  if (memo.algorithm == &algorithm && memo.condition == &condition) return;
  memo.range = algorithm.RangePartitions(condition.range);
  memo.algorithm = &algorithm;
  memo.condition = &condition;
}

const ColumnCondition* TableRouter::StandardCondition(const rules::ShardingStrategy& strategy, const rules::ShardingTable& table,
                                                      const ShardingCondition* branch, PartitionMemo& memo) const {
  if (memo.strategy != &strategy) {  // the same for every target list of the strategy
    memo.strategy = &strategy;
    memo.standard_condition = BoundCondition(table, strategy.columns.front(), branch);
  }
  return memo.standard_condition;
}

TableRouter::MissTest TableRouter::PrepareMisses(const rules::ShardingStrategy& strategy, const rules::ShardingTable& table,
                                                 const ShardingCondition* branch, PartitionMemo& memo) const {
  MissTest test;
  if (strategy.kind != Kind::Standard || strategy.partition_targets.empty()) return test;
  const ColumnCondition* condition = StandardCondition(strategy, table, branch, memo);
  if (!condition || (!condition->is_range && condition->values.size() != 1)) return test;
  if (choices_ && condition->in_list != ast::kNoExpr) return test;  // the IN-list split records every list
  const PrecisePartitions& partitions = *strategy.algorithm.standard->precise_partitions();
  if (!condition->is_range) {
    ComputePartitions(partitions, *condition, memo);
    test.first = &memo.single;
    test.last = test.first + 1;
  } else {
    ComputeRange(partitions, *condition, memo);
    if (!memo.range) return test;  // every partition
    test.first = memo.range->data();
    test.last = test.first + memo.range->size();
  }
  test.active = true;
  test.tabulated = &strategy.partition_targets;
  return test;
}

bool TableRouter::MissTest::Misses(std::size_t list) const {
  if (!active || list >= tabulated->size()) return false;
  const std::vector<int32_t>& targets = (*tabulated)[list];
  return std::all_of(first, last, [&](int64_t partition) {
    return partition >= 0 && static_cast<uint64_t>(partition) < targets.size() &&
           targets[static_cast<std::size_t>(partition)] < 0;
  });
}

void TableRouter::ByRangePartitions(const PrecisePartitions& algorithm, const std::vector<std::string>& available,
                                    const std::vector<int32_t>& tabulated, const ColumnCondition& condition,
                                    PartitionMemo& memo, std::vector<std::string>& result) const {
  ComputeRange(algorithm, condition, memo);
  if (!memo.range) {
    result = available;
    return;
  }
  // The chosen targets in `available` order: a bit per target (in a word when they are few).
  uint64_t few = 0;
  std::vector<bool> many(available.size() > 64 ? available.size() : 0);
  std::size_t chosen = 0;
  for (int64_t partition : *memo.range) {
    if (partition < 0 || static_cast<uint64_t>(partition) >= tabulated.size()) continue;
    int32_t index = tabulated[static_cast<std::size_t>(partition)];
    if (index < 0) continue;
    auto slot = static_cast<std::size_t>(index);
    bool taken = many.empty() ? (few >> slot) & 1 : many[slot];
    if (taken) continue;
    if (many.empty()) {
      few |= uint64_t{1} << slot;
    } else {
      many[slot] = true;
    }
    if (++chosen == available.size()) break;
  }
  result.reserve(chosen);
  for (std::size_t i = 0; i < available.size() && result.size() < chosen; ++i) {
    if (many.empty() ? (few >> i) & 1 : many[i]) result.push_back(available[i]);
  }
}

std::vector<std::string> TableRouter::ByDoSharding(const StandardShardingAlgorithm& algorithm,
                                                   const std::vector<std::string>& available,
                                                   const ShardingTarget& target, const ColumnCondition& condition,
                                                   std::vector<int>* record) const {
  std::vector<std::string> result;
  std::unordered_set<std::string> seen;  // an IN list names each target many times
  for (std::size_t k = 0; k < condition.values.size(); ++k) {
    std::string chosen = algorithm.DoSharding(available, target, condition.values[k]);
    if (chosen.empty()) continue;
    CheckTarget(chosen, available);
    if (record) (*record)[k] = static_cast<int>(std::find(available.begin(), available.end(), chosen) - available.begin());
    if (!seen.insert(chosen).second) continue;
    result.push_back(std::move(chosen));
  }
  return result;
}

const ColumnCondition* BoundCondition(const rules::ShardingTable& table, const std::string& column,
                                      const ShardingCondition* branch) {
  if (!branch) return nullptr;
  for (const auto& each : branch->columns) {
    if (each.column != column) continue;
    bool bound = each.table == &table ||
                 (table.binding_group >= 0 && each.table->binding_group == table.binding_group);
    if (bound) return &each;
  }
  return nullptr;
}

std::vector<Value> TableRouter::HintValues(const rules::ShardingTable& table, bool database_level) const {
  if (database_level && hints_.database_value_only) return {*hints_.database_value_only};
  const auto& values = database_level ? hints_.database_values : hints_.table_values;
  for (const auto& each : values) {
    if (EqualsIgnoreCase(each.first, table.logic_table)) return each.second;
  }
  auto any = values.find("");
  return any == values.end() ? std::vector<Value>{} : any->second;
}

void TableRouter::ByStandard(const rules::ShardingStrategy& strategy, const std::vector<std::string>& available,
                             const rules::ShardingTable& table, const DataNodeInfo& info, const ColumnCondition& condition,
                             std::size_t list, PartitionMemo& memo, std::vector<std::string>& result) const {
  const StandardShardingAlgorithm& algorithm = *strategy.algorithm.standard;
  const auto& tabulated = strategy.partition_targets;
  const PrecisePartitions* partitions = algorithm.precise_partitions();
  std::optional<ShardingTarget> local;  // when the rule has none (strategies without a column name)
  auto target = [&]() -> const ShardingTarget& {
    if (strategy.target) return *strategy.target;
    return local.emplace(ShardingTarget{table.logic_table, strategy.column_names.front(), info});
  };
  if (condition.is_range && partitions && list < tabulated.size()) {
    ByRangePartitions(*partitions, available, tabulated[list], condition, memo, result);
    if (strategy.targets_ascending[list]) return;  // chosen in `available` order
  } else if (condition.is_range) {
    result = algorithm.DoRangeSharding(available, target(), condition.range);
  } else {
    std::vector<int>* record = nullptr;
    if (choices_ && condition.in_list != ast::kNoExpr) {
      record = &(*choices_)[{condition.in_list, &available}];
      record->assign(condition.values.size(), -1);
    }
    if (partitions) {
      ByPartitions(*partitions, available, info, list < tabulated.size() ? &tabulated[list] : nullptr, condition,
                   record, memo, result);
    } else {
      result = ByDoSharding(algorithm, available, target(), condition, record);
    }
  }
  if (result.size() > 1) result = SortedDistinct(std::move(result));
}

std::vector<std::string> TableRouter::ByHint(const rules::ShardingStrategy& strategy, const std::vector<std::string>& available,
                                             const rules::ShardingTable& table, bool database_level,
                                             std::string& condition_text) const {
  std::vector<Value> values = HintValues(table, database_level);
  std::vector<std::string> shown;
  for (const auto& each : values) shown.push_back(each.ToDisplay());
  condition_text = "hint " + Join(shown, ", ");
  return SortedDistinct(strategy.algorithm.hint->DoSharding(available, table.logic_table, values));
}

std::vector<std::string> TableRouter::ByComplex(const rules::ShardingStrategy& strategy, const std::vector<std::string>& available,
                                                const rules::ShardingTable& table, const ShardingCondition* branch,
                                                std::string& column, std::string& condition_text) const {
  std::map<std::string, std::vector<Value>> values;
  std::map<std::string, ValueRange> ranges;
  std::vector<std::string> shown;
  for (std::size_t i = 0; i < strategy.columns.size(); ++i) {
    const ColumnCondition* condition = BoundCondition(table, strategy.columns[i], branch);
    if (!condition) continue;
    const std::string& name = strategy.column_names[i];
    shown.push_back(name + " " + condition->text);
    if (condition->is_range) {
      ranges[name] = condition->range;
    } else {
      values[name] = condition->values;
    }
  }
  if (values.empty() && ranges.empty()) return available;
  column = Join(strategy.columns, ",");
  condition_text = Join(shown, " AND ");
  std::vector<std::string> result =
      SortedDistinct(strategy.algorithm.complex->DoSharding(available, table.logic_table, values, ranges));
  for (const auto& each : result) CheckTarget(each, available);
  return result;
}

const std::vector<std::string>& TableRouter::RunStrategy(const rules::ShardingStrategy& strategy,
                                                         const std::vector<std::string>& available,
                                                         const rules::ShardingTable& table, const DataNodeInfo& info,
                                                         const ShardingCondition* branch, bool database_level,
                                                         std::size_t list, PartitionMemo& memo) const {
  static const std::vector<std::string> kNone;
  if (strategy.kind == Kind::None) return available;
  const ColumnCondition* standard = nullptr;  // its column and text go into the decision
  if (strategy.kind == Kind::Standard) {
    standard = StandardCondition(strategy, table, branch, memo);
    if (!standard) return available;
  }
  // The decision is written over the next slot (a spare one, or one appended), which is kept
  // only when targets are chosen.
  if (used_ == decisions_.size()) decisions_.emplace_back();
  RouteDecision& decision = decisions_[used_];
  auto release = [&](const std::vector<std::string>& chosen) -> const std::vector<std::string>& {
    if (!recycling_) decisions_.pop_back();
    return chosen;
  };
  std::vector<std::string>& result = decision.targets;
  result.clear();
  std::string column;
  std::string condition_text;
  if (standard) {
    ByStandard(strategy, available, table, info, *standard, list, memo, result);
  } else if (strategy.kind == Kind::Hint) {
    result = ByHint(strategy, available, table, database_level, condition_text);
  } else {  // Complex
    result = ByComplex(strategy, available, table, branch, column, condition_text);
    if (condition_text.empty()) return release(available);
  }
  if (result.empty()) return release(kNone);
  ++used_;
  Overwrite(decision.table, table.logic_table);
  if (standard) {
    Overwrite(decision.column, strategy.columns.front());
  } else {
    decision.column = std::move(column);
  }
  Overwrite(decision.algorithm, strategy.algorithm_name);
  if (standard) {
    Overwrite(decision.condition, standard->text);
  } else {
    decision.condition = std::move(condition_text);
  }
  decision.database_level = database_level;
  return decision.targets;
}

std::vector<rules::DataNode> TableRouter::Route(const rules::ShardingTable& table, const ShardingCondition* branch) const {
  // Without a database strategy every data source is a candidate: no copy, nothing to check.
  PartitionMemo memo;
  std::vector<std::string> chosen;
  if (table.database_strategy.kind != Kind::None) {
    chosen = RunStrategy(table.database_strategy, table.data_sources, table, table.data_source_info, branch, true, 0, memo);
    for (const auto& each : chosen) CheckTarget(each, table.data_sources);
  }
  const std::vector<std::string>& data_sources = table.database_strategy.kind == Kind::None ? table.data_sources : chosen;
  if (data_sources.empty()) throw Error(Message<msg::NoDatabaseRoute>());
  bool table_hint_skipped = hints_.database_value_only.has_value();
  bool all = table.database_strategy.kind == Kind::None;
  constexpr std::size_t kReserved = 64;  // nodes and decisions up front; a route to more grows the lists
  std::vector<rules::DataNode> result;
  result.reserve(std::min(table.nodes.size(), kReserved));
  if (decisions_.empty()) decisions_.reserve(std::min(data_sources.size(), kReserved));  // later rows grow it geometrically
  MissTest missed;
  if (!table_hint_skipped) missed = PrepareMisses(table.table_strategy, table, branch, memo);
  for (std::size_t i = 0; i < data_sources.size(); ++i) {
    const std::string& ds = data_sources[i];
    std::size_t list = all ? i : static_cast<std::size_t>(table.DataSourceIndex(ds));
    const auto& available = table.actual_tables[list];
    if (missed.Misses(list)) continue;
    const std::vector<std::string>& tables = table_hint_skipped ? available
                                                                : RunStrategy(table.table_strategy, available, table,
                                                                              table.table_info, branch, false, list, memo);
    for (const auto& each : tables) result.push_back({ds, each});
  }
  return result;
}

}  // namespace sqlroute::route
