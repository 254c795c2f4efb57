// Reading the units: row length checks, units pulled or fed, concatenation and the k-way ORDER BY
// merge (ShardingSphere's OrderByStreamMergedResult).
#include <algorithm>

#include "merge/merge_streams.h"
#include "sqlroute/error_text.h"

namespace sqlroute::merge {
namespace {

class PulledUnit final : public Stage {
 public:
  PulledUnit(std::unique_ptr<RowSource> unit, std::size_t unit_index) : unit_(std::move(unit)), unit_index_(unit_index) {}
  Pull Next(Row& row) override {
    if (!unit_->Next(row)) return Pull::End;
    CheckRowLength(row, unit_->columns().size(), ++rows_, unit_index_);
    return Pull::Row;
  }

 private:
  std::unique_ptr<RowSource> unit_;
  std::size_t unit_index_;
  std::size_t rows_ = 0;
};

class ConcatenatedUnits final : public Stage {
 public:
  explicit ConcatenatedUnits(std::vector<Source> units) : units_(std::move(units)) {}
  Pull Next(Row& row) override {
    for (; current_ < units_.size(); ++current_) {
      Pull pulled = units_[current_]->Next(row);
      if (pulled != Pull::End) return pulled;
    }
    return Pull::End;
  }

 private:
  std::vector<Source> units_;
  std::size_t current_ = 0;
};

// Keeps the head row of every unit that still has rows in a heap; `unread_` are the units whose
// head is still to be read.
class SortedUnits final : public Stage {
 public:
  SortedUnits(std::vector<Source> units, std::vector<SortKey> keys, Collation collation)
      : units_(std::move(units)), keys_(std::move(keys)), collation_(collation) {
    for (std::size_t unit = 0; unit < units_.size(); ++unit) unread_.push_back(unit);
  }
  Pull Next(Row& row) override {
    if (!ReadHeads()) return Pull::Wait;
    if (heads_.empty()) return Pull::End;
    std::pop_heap(heads_.begin(), heads_.end(), HeadOrder{this});
    row = std::move(heads_.back().row);
    unread_.push_back(heads_.back().unit);
    heads_.pop_back();
    return Pull::Row;
  }

 private:
  struct Head {
    Row row;
    std::size_t unit;
  };
  // The heap puts the greatest first: "greater" is the row that comes later.
  struct HeadOrder {
    const SortedUnits* owner;
    bool operator()(const Head& a, const Head& b) const {
      int order = CompareRows(a.row, b.row, owner->keys_, owner->collation_);
      return order != 0 ? order > 0 : a.unit > b.unit;
    }
  };

  // Every unread unit is tried, so that a caller feeding them learns of all it waits on at once;
  // false while one of them waits.
  bool ReadHeads() {
    std::size_t waiting = 0;
    for (std::size_t unit : unread_) {
      Head head{{}, unit};
      Pull pulled = units_[unit]->Next(head.row);
      if (pulled == Pull::Wait) {
        unread_[waiting++] = unit;
      } else if (pulled == Pull::Row) {
        heads_.push_back(std::move(head));
        std::push_heap(heads_.begin(), heads_.end(), HeadOrder{this});
      }
    }
    unread_.resize(waiting);
    return waiting == 0;
  }

  std::vector<Source> units_;
  std::vector<Head> heads_;
  std::vector<std::size_t> unread_;
  std::vector<SortKey> keys_;
  Collation collation_;
};

}  // namespace

void CheckRowLength(const Row& row, std::size_t columns, std::size_t row_number, std::size_t unit) {
  if (row.size() == columns) return;
  throw Error(Message<msg::RowLengthMismatch>(arg::row = row_number, arg::unit = unit, arg::values = row.size(),
                                              arg::columns = columns));
}

Source ReadUnit(std::unique_ptr<RowSource> unit, std::size_t unit_index) {
  return std::make_unique<PulledUnit>(std::move(unit), unit_index);
}

Pull FedUnit::Next(Row& row) {
  if (rows_.empty()) {
    waited_on_ = !ended_;
    return ended_ ? Pull::End : Pull::Wait;
  }
  row = std::move(rows_.front());
  rows_.pop_front();
  return Pull::Row;
}

void FedUnit::Push(Row row) {
  CheckRowLength(row, columns_, ++pushed_, unit_index_);
  rows_.push_back(std::move(row));
  waited_on_ = false;
}

Source Concatenate(std::vector<Source> units) { return std::make_unique<ConcatenatedUnits>(std::move(units)); }

Source MergeSorted(std::vector<Source> units, std::vector<SortKey> keys, Collation collation) {
  return std::make_unique<SortedUnits>(std::move(units), std::move(keys), collation);
}

}  // namespace sqlroute::merge
