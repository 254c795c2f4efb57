// GROUP BY and aggregates: adjacent groups as they stream by (with ROLLUP's super-aggregate
// rows), or every group in memory.
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

class AdjacentGroups final : public RowSource {
 public:
  AdjacentGroups(Source input, const MergeLayout& layout, Collation collation)
      : input_(std::move(input)), layout_(layout), collation_(collation) {}
  const std::vector<std::string>& columns() const override { return input_->columns(); }
  bool Next(Row& row) override {
    if (!started_) {
      started_ = true;
      pending_ = input_->Next(next_);
      // Aggregates without GROUP BY answer one row even when no unit has a row.
      if (!pending_ && layout_.group_by.empty()) {
        row = GroupAccumulator(layout_, collation_).Finish();
        return true;
      }
    }
    if (!pending_) return false;
    GroupAccumulator group(layout_, collation_);
    Row key = GroupKey(next_, layout_.group_by);
    do {
      group.Add(next_);
      pending_ = input_->Next(next_);
    } while (pending_ && SameGroup(key, next_));
    row = group.Finish();
    return true;
  }

 private:
  bool SameGroup(const Row& key, const Row& row) const {
    for (std::size_t i = 0; i < key.size(); ++i) {
      if (CompareForMerge(key[i], row[layout_.group_by[i].index], collation_) != 0) return false;
    }
    return true;
  }

  Source input_;
  const MergeLayout& layout_;
  Collation collation_;
  bool started_ = false;
  bool pending_ = false;
  Row next_;
};

class BufferedGroups final : public RowSource {
 public:
  BufferedGroups(Source input, const MergeLayout& layout, Collation collation)
      : input_(std::move(input)), layout_(layout), collation_(collation) {}
  const std::vector<std::string>& columns() const override { return input_->columns(); }
  bool Next(Row& row) override {
    if (!loaded_) Load();
    if (next_ == rows_.size()) return false;
    row = std::move(rows_[next_++]);
    return true;
  }

 private:
  void Load() {
    loaded_ = true;
    std::map<Row, GroupAccumulator, RowLess> groups(RowLess{collation_});
    for (Row row; input_->Next(row);) {
      Row key = GroupKey(row, layout_.group_by);
      auto found = groups.find(key);
      if (found == groups.end()) found = groups.emplace(std::move(key), GroupAccumulator(layout_, collation_)).first;
      found->second.Add(row);
    }
    for (const auto& group : groups) rows_.push_back(group.second.Finish());
    std::stable_sort(rows_.begin(), rows_.end(), [this](const Row& a, const Row& b) {
      return CompareRows(a, b, layout_.order_by, collation_) < 0;
    });
  }

  Source input_;
  const MergeLayout& layout_;
  Collation collation_;
  bool loaded_ = false;
  std::vector<Row> rows_;
  std::size_t next_ = 0;
};

// GROUP BY ... WITH ROLLUP over rows sorted by the group items: after each group, the
// super-aggregate rows of the prefixes that end with it (group items past the prefix NULL),
// and the grand total last. Level p aggregates the rows whose first p items agree.
class RollupGroups final : public RowSource {
 public:
  RollupGroups(Source input, const MergeLayout& layout, Collation collation)
      : input_(std::move(input)), layout_(layout), collation_(collation) {}
  const std::vector<std::string>& columns() const override { return input_->columns(); }
  bool Next(Row& row) override {
    while (ready_.empty() && !done_) Advance();
    if (ready_.empty()) return false;
    row = std::move(ready_.front());
    ready_.erase(ready_.begin());
    return true;
  }

 private:
  void Advance() {
    Row next;
    if (!input_->Next(next)) {
      done_ = true;
      if (!levels_.empty()) Close(0);
      return;
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
