// The merge pipeline: pick the stages the instructions call for and chain them (ShardingSphere's
// ShardingDQLResultMerger), over units pulled (MergeStreams) or fed (MergeFeed).
#include <algorithm>
#include <set>

#include "merge/merge_streams.h"

namespace sqlroute {
namespace {

using merge::MergeLayout;
using merge::Pull;
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

std::vector<std::vector<std::string>> ColumnsOf(const std::vector<std::unique_ptr<RowSource>>& units) {
  std::vector<std::vector<std::string>> columns;
  columns.reserve(units.size());
  for (const auto& unit : units) columns.push_back(unit->columns());
  return columns;
}

// Owns the bound layout the stages refer to.
class MergedRows final : public RowSource {
 public:
  MergedRows(const MergeInstructions& instructions, std::vector<std::unique_ptr<RowSource>> units,
             const MergeOptions& options)
      : layout_(std::make_unique<MergeLayout>(merge::BindLayout(instructions, ColumnsOf(units)))),
        columns_(&merge::ResultColumns(instructions, *layout_)) {
    std::vector<Source> stages;
    for (std::size_t i = 0; i < units.size(); ++i) stages.push_back(merge::ReadUnit(std::move(units[i]), i));
    rows_ = merge::BuildMerge(instructions, *layout_, std::move(stages), options);
  }
  const std::vector<std::string>& columns() const override { return *columns_; }
  // Units read from RowSources never wait.
  bool Next(Row& row) override { return rows_->Next(row) == Pull::Row; }

 private:
  std::unique_ptr<MergeLayout> layout_;
  const std::vector<std::string>* columns_;
  Source rows_;
};

}  // namespace

namespace merge {

Source BuildMerge(const MergeInstructions& instructions, const MergeLayout& layout, std::vector<Source> units,
                  const MergeOptions& options) {
  if (instructions.affected_rows_once) units.resize(1);  // RETURNING rows of broadcast copies: one copy's
  std::size_t width = ResultColumns(instructions, layout).size();
  if (!instructions.required) return Project(Concatenate(std::move(units)), width, options.transform);
  Source rows = Reduce(std::move(units), layout, options.collation);
  if (layout.having) rows = Filter(std::move(rows), *layout.having, options.collation);
  if (instructions.distinct) rows = Deduplicate(std::move(rows), layout.labels.size(), options.collation);
  if (instructions.offset || instructions.row_count) {
    rows = Paginate(std::move(rows), std::max<int64_t>(instructions.offset.value_or(0), 0), instructions.row_count);
  }
  return Project(std::move(rows), width, options.transform);
}

const std::vector<std::string>& ResultColumns(const MergeInstructions& instructions, const MergeLayout& layout) {
  return instructions.required ? layout.labels : layout.columns;
}

}  // namespace merge

struct MergeFeed::Pipeline {
  MergeLayout layout;
  const std::vector<std::string>* columns = nullptr;
  std::vector<merge::FedUnit*> units;
  Source rows;
};

MergeFeed::MergeFeed(const MergeInstructions& instructions, const std::vector<std::vector<std::string>>& unit_columns,
                     const MergeOptions& options)
    : pipeline_(std::make_unique<Pipeline>()) {
  pipeline_->layout = merge::BindLayout(instructions, unit_columns);
  pipeline_->columns = &merge::ResultColumns(instructions, pipeline_->layout);
  std::vector<Source> stages;
  for (std::size_t i = 0; i < unit_columns.size(); ++i) {
    auto unit = std::make_unique<merge::FedUnit>(unit_columns[i].size(), i);
    pipeline_->units.push_back(unit.get());
    stages.push_back(std::move(unit));
  }
  if (!stages.empty()) pipeline_->rows = merge::BuildMerge(instructions, pipeline_->layout, std::move(stages), options);
}

MergeFeed::~MergeFeed() = default;
MergeFeed::MergeFeed(MergeFeed&&) noexcept = default;
MergeFeed& MergeFeed::operator=(MergeFeed&&) noexcept = default;

const std::vector<std::string>& MergeFeed::columns() const { return *pipeline_->columns; }

MergeFeed::Step MergeFeed::Next(Row& row) {
  if (!pipeline_->rows) return Step::End;
  switch (pipeline_->rows->Next(row)) {
    case Pull::Row: return Step::Row;
    case Pull::Wait: return Step::Wait;
    case Pull::End: break;
  }
  return Step::End;
}

bool MergeFeed::waits_on(std::size_t unit) const { return pipeline_->units.at(unit)->waited_on(); }

void MergeFeed::Push(std::size_t unit, Row row) { pipeline_->units.at(unit)->Push(std::move(row)); }

void MergeFeed::End(std::size_t unit) { pipeline_->units.at(unit)->End(); }

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
