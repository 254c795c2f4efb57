// GROUP BY and aggregates: adjacent groups as they stream by (ShardingSphere's
// GroupByStreamMergedResult, with ROLLUP's super-aggregate rows), or every group in memory
// (GroupByMemoryMergedResult).
#include <algorithm>
#include <map>

#include "merge/group_accumulator.h"
#include "merge/merge_streams.h"

namespace sqlroute::merge {
namespace {

Row GroupKey(const Row& row, const std::vector<SortKey>& group_by) {
  Row key;
  key.reserve(group_by.size());
  for (const SortKey& item : group_by) key.push_back(row[item.index]);
  return key;
}

// A group ends at the first row of the next one: `ahead_` holds that row until it starts its group.
class AdjacentGroups final : public Stage {
 public:
  AdjacentGroups(Source input, const MergeLayout& layout, Collation collation)
      : input_(std::move(input)), layout_(layout), collation_(collation) {}
  Pull Next(Row& row) override {
    while (true) {
      if (!ahead_ && !exhausted_) {
        Row next;
        Pull pulled = input_->Next(next);
        if (pulled == Pull::Wait) return Pull::Wait;
        if (pulled == Pull::Row) ahead_ = std::move(next);
        exhausted_ = pulled == Pull::End;
      }
      if (group_ && ahead_ && SameGroup(*ahead_)) {
        group_->Add(*ahead_);
        ahead_.reset();
      } else if (group_) {
        row = group_->Finish();
        group_.reset();
        return Pull::Row;
      } else if (ahead_) {
        key_ = GroupKey(*ahead_, layout_.group_by);
        group_.emplace(layout_, collation_).Add(*ahead_);
        ahead_.reset();
        any_ = true;
      } else if (!any_ && layout_.group_by.empty()) {
        // Aggregates without GROUP BY answer one row even when no unit has a row.
        any_ = true;
        row = GroupAccumulator(layout_, collation_).Finish();
        return Pull::Row;
      } else {
        return Pull::End;
      }
    }
  }

 private:
  bool SameGroup(const Row& row) const {
    for (std::size_t i = 0; i < key_.size(); ++i) {
      if (CompareForMerge(key_[i], row[layout_.group_by[i].index], collation_) != 0) return false;
    }
    return true;
  }

  Source input_;
  const MergeLayout& layout_;
  Collation collation_;
  std::optional<Row> ahead_;
  std::optional<GroupAccumulator> group_;
  Row key_;
  bool exhausted_ = false;
  bool any_ = false;
};

class BufferedGroups final : public Stage {
 public:
  BufferedGroups(Source input, const MergeLayout& layout, Collation collation)
      : input_(std::move(input)), layout_(layout), collation_(collation), groups_(RowLess{collation}) {}
  Pull Next(Row& row) override {
    while (!loaded_) {
      Row next;
      Pull pulled = input_->Next(next);
      if (pulled == Pull::Wait) return Pull::Wait;
      if (pulled == Pull::End) {
        Sort();
      } else {
        Add(next);
      }
    }
    if (next_ == rows_.size()) return Pull::End;
    row = std::move(rows_[next_++]);
    return Pull::Row;
  }

 private:
  void Add(const Row& row) {
    Row key = GroupKey(row, layout_.group_by);
    auto found = groups_.find(key);
    if (found == groups_.end()) found = groups_.emplace(std::move(key), GroupAccumulator(layout_, collation_)).first;
    found->second.Add(row);
  }

  void Sort() {
    loaded_ = true;
    for (const auto& group : groups_) rows_.push_back(group.second.Finish());
    groups_.clear();
    std::stable_sort(rows_.begin(), rows_.end(), [this](const Row& a, const Row& b) {
      return CompareRows(a, b, layout_.order_by, collation_) < 0;
    });
  }

  Source input_;
  const MergeLayout& layout_;
  Collation collation_;
  std::map<Row, GroupAccumulator, RowLess> groups_;
  bool loaded_ = false;
  std::vector<Row> rows_;
  std::size_t next_ = 0;
};

// GROUP BY ... WITH ROLLUP over rows sorted by the group items: after each group, the
// super-aggregate rows of the prefixes that end with it (group items past the prefix NULL),
// and the grand total last. Level p aggregates the rows whose first p items agree.
class RollupGroups final : public Stage {
 public:
  RollupGroups(Source input, const MergeLayout& layout, Collation collation)
      : input_(std::move(input)), layout_(layout), collation_(collation) {}
  Pull Next(Row& row) override {
    while (ready_.empty() && !done_) {
      if (Advance() == Pull::Wait) return Pull::Wait;
    }
    if (ready_.empty()) return Pull::End;
    row = std::move(ready_.front());
    ready_.erase(ready_.begin());
    return Pull::Row;
  }

 private:
  Pull Advance() {
    Row next;
    Pull pulled = input_->Next(next);
    if (pulled != Pull::Row) {
      done_ = pulled == Pull::End;
      if (done_ && !levels_.empty()) Close(0);
      return pulled;
    }
    std::size_t depth = layout_.group_by.size();
    if (levels_.empty()) {
      for (std::size_t level = 0; level <= depth; ++level) levels_.emplace_back(layout_, collation_);
    } else {
      std::size_t same = 0;
      while (same < depth &&
             CompareForMerge(key_[same], next[layout_.group_by[same].index], collation_) == 0) {
        ++same;
      }
      if (same < depth) Close(same + 1);
    }
    key_ = GroupKey(next, layout_.group_by);
    for (GroupAccumulator& level : levels_) level.Add(next);
    return Pull::Row;
  }

  // Emits and restarts the levels deepest first, down to `shallowest`.
  void Close(std::size_t shallowest) {
    for (std::size_t level = levels_.size(); level-- > shallowest;) {
      Row row = levels_[level].Finish();
      for (std::size_t item = level; item < layout_.group_by.size(); ++item) {
        row[layout_.group_by[item].index] = Value::Null();
      }
      ready_.push_back(std::move(row));
      levels_[level] = GroupAccumulator(layout_, collation_);
    }
  }

  Source input_;
  const MergeLayout& layout_;
  Collation collation_;
  std::vector<GroupAccumulator> levels_;
  Row key_;
  std::vector<Row> ready_;
  bool done_ = false;
};

}  // namespace

Source GroupRollup(Source input, const MergeLayout& layout, Collation collation) {
  return std::make_unique<RollupGroups>(std::move(input), layout, collation);
}

Source GroupAdjacent(Source input, const MergeLayout& layout, Collation collation) {
  return std::make_unique<AdjacentGroups>(std::move(input), layout, collation);
}

Source GroupInMemory(Source input, const MergeLayout& layout, Collation collation) {
  return std::make_unique<BufferedGroups>(std::move(input), layout, collation);
}

}  // namespace sqlroute::merge
