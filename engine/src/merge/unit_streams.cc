// Reading the units: row length checks, concatenation and the k-way ORDER BY merge.
#include <algorithm>

#include "merge/merge_streams.h"
#include "sqlroute/error_text.h"

namespace sqlroute::merge {
namespace {

class LengthCheckedUnit final : public RowSource {
 public:
  LengthCheckedUnit(Source unit, std::size_t unit_index) : unit_(std::move(unit)), unit_index_(unit_index) {}
  const std::vector<std::string>& columns() const override { return unit_->columns(); }
  bool Next(Row& row) override {
    if (!unit_->Next(row)) return false;
    if (row.size() != unit_->columns().size()) {
      throw Error(Message<msg::RowLengthMismatch>(arg::row = rows_ + 1, arg::unit = unit_index_,
                                                  arg::values = row.size(), arg::columns = unit_->columns().size()));
    }
    ++rows_;
    return true;
  }

 private:
  Source unit_;
  std::size_t unit_index_;
  std::size_t rows_ = 0;
};

class ConcatenatedUnits final : public RowSource {
 public:
  explicit ConcatenatedUnits(std::vector<Source> units) : units_(std::move(units)) {}
  const std::vector<std::string>& columns() const override { return units_.front()->columns(); }
  bool Next(Row& row) override {
    for (; current_ < units_.size(); ++current_) {
      if (units_[current_]->Next(row)) return true;
    }
    return false;
  }

 private:
  std::vector<Source> units_;
  std::size_t current_ = 0;
};

// Keeps the head row of every unit that still has rows in a heap.
class SortedUnits final : public RowSource {
 public:
  SortedUnits(std::vector<Source> units, std::vector<SortKey> keys, Collation collation)
      : units_(std::move(units)), keys_(std::move(keys)), collation_(collation) {
    for (std::size_t unit = 0; unit < units_.size(); ++unit) Advance(unit);
  }
  const std::vector<std::string>& columns() const override { return units_.front()->columns(); }
  bool Next(Row& row) override {
    if (heads_.empty()) return false;
    std::pop_heap(heads_.begin(), heads_.end(), HeadOrder{this});
    row = std::move(heads_.back().row);
    std::size_t unit = heads_.back().unit;
    heads_.pop_back();
    Advance(unit);
    return true;
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

  void Advance(std::size_t unit) {
    Head head{{}, unit};
    if (!units_[unit]->Next(head.row)) return;
    heads_.push_back(std::move(head));
    std::push_heap(heads_.begin(), heads_.end(), HeadOrder{this});
  }

  std::vector<Source> units_;
  std::vector<Head> heads_;
  std::vector<SortKey> keys_;
  Collation collation_;
};

}  // namespace

Source CheckRowLength(Source unit, std::size_t unit_index) {
  return std::make_unique<LengthCheckedUnit>(std::move(unit), unit_index);
}

Source Concatenate(std::vector<Source> units) { return std::make_unique<ConcatenatedUnits>(std::move(units)); }

Source MergeSorted(std::vector<Source> units, std::vector<SortKey> keys, Collation collation) {
  return std::make_unique<SortedUnits>(std::move(units), std::move(keys), collation);
}

}  // namespace sqlroute::merge
