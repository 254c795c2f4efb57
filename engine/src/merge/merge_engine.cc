// The merge pipeline: pick the stages the instructions call for and chain them.
#include <algorithm>
#include <set>

#include "merge/merge_streams.h"

namespace sqlroute {
namespace {

using merge::MergeLayout;
using merge::SortKey;
using merge::Source;

// Groups arrive adjacent when the rows are sorted by every group item before anything else.
bool OrderKeepsGroupsTogether(const MergeLayout& layout) {
  if (layout.order_by.size() < layout.group_by.size()) return false;
  std::set<std::size_t> group;
  std::set<std::size_t> leading;
  for (std::size_t i = 0; i < layout.group_by.size(); ++i) {
    group.insert(layout.group_by[i].index);
    leading.insert(layout.order_by[i].index);
  }
  return group == leading;
}

Source Reduce(std::vector<Source> units, const MergeLayout& layout, Collation collation) {
  bool grouped = !layout.group_by.empty() || !layout.aggregations.empty();
  if (!grouped) {
    if (layout.order_by.empty()) return merge::Concatenate(std::move(units));
    return merge::MergeSorted(std::move(units), layout.order_by, collation);
  }
  if (layout.group_by.empty()) return merge::GroupAdjacent(merge::Concatenate(std::move(units)), layout, collation);
  if (layout.rollup) {  // the rewrite orders the units by the group items
    return merge::GroupRollup(merge::MergeSorted(std::move(units), layout.group_by, collation), layout, collation);
  }
  if (OrderKeepsGroupsTogether(layout)) {
    return merge::GroupAdjacent(merge::MergeSorted(std::move(units), layout.order_by, collation), layout, collation);
  }
  return merge::GroupInMemory(merge::Concatenate(std::move(units)), layout, collation);
}

// Owns the bound layout the stages refer to.
class MergedRows final : public RowSource {
 public:
  MergedRows(const MergeInstructions& instructions, std::vector<Source> units, const MergeOptions& options)
      : layout_(std::make_unique<MergeLayout>(merge::BindLayout(instructions, units))) {
    for (std::size_t i = 0; i < units.size(); ++i) units[i] = merge::CheckRowLength(std::move(units[i]), i);
    if (instructions.affected_rows_once) units.resize(1);  // RETURNING rows of broadcast copies: one copy's
    if (!instructions.required) {
      rows_ = merge::Project(merge::Concatenate(std::move(units)), layout_->columns, options.transform);
      return;
    }
    rows_ = Reduce(std::move(units), *layout_, options.collation);
    if (layout_->having) rows_ = merge::Filter(std::move(rows_), *layout_->having, options.collation);
    if (instructions.distinct) rows_ = merge::Deduplicate(std::move(rows_), layout_->labels.size(), options.collation);
    if (instructions.offset || instructions.row_count) {
      rows_ = merge::Paginate(std::move(rows_), std::max<int64_t>(instructions.offset.value_or(0), 0),
                              instructions.row_count);
    }
    rows_ = merge::Project(std::move(rows_), layout_->labels, options.transform);
  }
  const std::vector<std::string>& columns() const override { return rows_->columns(); }
  bool Next(Row& row) override { return rows_->Next(row); }

 private:
  std::unique_ptr<MergeLayout> layout_;
  Source rows_;
};

}  // namespace

bool ResultSetSource::Next(Row& row) {
  if (next_ == result_.rows.size()) return false;
  row = std::move(result_.rows[next_++]);
  return true;
}

std::unique_ptr<RowSource> MergeStreams(const MergeInstructions& instructions,
                                        std::vector<std::unique_ptr<RowSource>> units, const MergeOptions& options) {
  if (units.empty()) return std::make_unique<ResultSetSource>(ResultSet{});
  return std::make_unique<MergedRows>(instructions, std::move(units), options);
}

ResultSet Merge(const MergeInstructions& instructions, std::vector<ResultSet> units, const MergeOptions& options) {
  std::vector<std::unique_ptr<RowSource>> sources;
  for (ResultSet& unit : units) sources.push_back(std::make_unique<ResultSetSource>(std::move(unit)));
  std::unique_ptr<RowSource> merged = MergeStreams(instructions, std::move(sources), options);
  ResultSet result;
  result.columns = merged->columns();
  for (Row row; merged->Next(row);) result.rows.push_back(std::move(row));
  return result;
}

}  // namespace sqlroute
