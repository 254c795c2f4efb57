#pragma once
// The stages a merge chains together; each one pulls its rows from the previous one. A unit fed
// by MergeFeed may have no row yet: the pull then answers Wait, and every stage leaves its state
// as it was before that pull, so that the same call, made again once the unit has its row, goes
// on where it stopped.
#include <cstdint>
#include <deque>
#include <memory>
#include <optional>
#include <vector>

#include "merge/merge_layout.h"

namespace sqlroute::merge {

enum class Pull { Row, Wait, End };

class Stage {
 public:
  virtual ~Stage() = default;
  virtual Pull Next(Row& row) = 0;
};

using Source = std::unique_ptr<Stage>;

// MERGE_ROW_LENGTH unless `row` has `columns` values; `row_number` and `unit` count from 1 and 0.
void CheckRowLength(const Row& row, std::size_t columns, std::size_t row_number, std::size_t unit);

// A unit read from its RowSource, each row checked to fit the unit's columns.
Source ReadUnit(std::unique_ptr<RowSource> unit, std::size_t unit_index);

// A unit whose rows are pushed to it: Wait while it has none and has not ended.
class FedUnit final : public Stage {
 public:
  FedUnit(std::size_t columns, std::size_t unit_index) : columns_(columns), unit_index_(unit_index) {}
  Pull Next(Row& row) override;
  void Push(Row row);
  void End() {
    ended_ = true;
    waited_on_ = false;
  }
  // Whether a pull found it without a row since the last Push or End.
  bool waited_on() const { return waited_on_; }

 private:
  std::size_t columns_;
  std::size_t unit_index_;
  std::size_t pushed_ = 0;
  std::deque<Row> rows_;
  bool ended_ = false;
  bool waited_on_ = false;
};

// The merged result's columns: the visible ones, renamed, when the merge is required.
const std::vector<std::string>& ResultColumns(const MergeInstructions& instructions, const MergeLayout& layout);
// The whole merge over the units' stages, as the instructions call for.
Source BuildMerge(const MergeInstructions& instructions, const MergeLayout& layout, std::vector<Source> units,
                  const MergeOptions& options);

// The units one after the other, in unit order.
Source Concatenate(std::vector<Source> units);
// A k-way merge of units each sorted by `keys`; equal rows keep unit order. A unit is read when
// its head row is needed: at the first pull, and at the pull after its head was taken.
Source MergeSorted(std::vector<Source> units, std::vector<SortKey> keys, Collation collation);
// Groups arriving one after the other (input sorted by the group items, or no GROUP BY at all).
Source GroupAdjacent(Source input, const MergeLayout& layout, Collation collation);
// GROUP BY ... WITH ROLLUP over input sorted by the group items: the groups and their
// super-aggregate rows, in MySQL's order.
Source GroupRollup(Source input, const MergeLayout& layout, Collation collation);
// Groups in any order: every group is buffered, then the groups are sorted by ORDER BY.
Source GroupInMemory(Source input, const MergeLayout& layout, Collation collation);
// The rows on which `condition` (bound to the row's columns) is true.
Source Filter(Source input, const MergeExpr& condition, Collation collation);
// Drops rows whose first `width` columns equal an earlier row's.
Source Deduplicate(Source input, std::size_t width, Collation collation);
// LIMIT offset, row_count (ShardingSphere's LimitDecoratorMergedResult): the offset rows are
// skipped before the first row, as they are pulled; past row_count nothing more is pulled.
Source Paginate(Source input, int64_t offset, std::optional<int64_t> row_count);
// The first `width` columns, `transform` applied.
Source Project(Source input, std::size_t width, ValueTransform transform);

}  // namespace sqlroute::merge
