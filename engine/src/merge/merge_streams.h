#pragma once
// The stages a merge chains together; each one is a RowSource reading from the previous one.
#include <cstdint>
#include <memory>
#include <optional>
#include <vector>

#include "merge/merge_layout.h"

namespace sqlroute::merge {

using Source = std::unique_ptr<RowSource>;

// A unit's rows, each checked to have as many values as the unit has columns
// (MERGE_ROW_LENGTH otherwise); `unit` numbers the unit in the message.
Source CheckRowLength(Source unit, std::size_t unit_index);
// The units one after the other, in unit order.
Source Concatenate(std::vector<Source> units);
// A k-way merge of units each sorted by `keys`; equal rows keep unit order.
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
// LIMIT offset, row_count.
Source Paginate(Source input, int64_t offset, std::optional<int64_t> row_count);
// The logical result: the first `columns.size()` columns, renamed, `transform` applied.
Source Project(Source input, std::vector<std::string> columns, ValueTransform transform);

}  // namespace sqlroute::merge
