// The stages after the merge proper: HAVING, DISTINCT, LIMIT and the projection to visible columns.
#include <set>

#include "merge/merge_expr_eval.h"
#include "merge/merge_streams.h"

namespace sqlroute::merge {
namespace {

class FilteredRows final : public Stage {
 public:
  FilteredRows(Source input, const MergeExpr& condition, Collation collation)
      : input_(std::move(input)), condition_(condition), collation_(collation) {}
  Pull Next(Row& row) override {
    while (true) {
      Pull pulled = input_->Next(row);
      if (pulled != Pull::Row || IsTrue(Evaluate(condition_, row, collation_))) return pulled;
    }
  }

 private:
  Source input_;
  const MergeExpr& condition_;
  Collation collation_;
};

class DistinctRows final : public Stage {
 public:
  DistinctRows(Source input, std::size_t width, Collation collation)
      : input_(std::move(input)), width_(width), seen_(RowLess{collation}) {}
  Pull Next(Row& row) override {
    while (true) {
      Pull pulled = input_->Next(row);
      if (pulled != Pull::Row) return pulled;
      if (seen_.insert(Row(row.begin(), row.begin() + static_cast<std::ptrdiff_t>(width_))).second) return pulled;
    }
  }

 private:
  Source input_;
  std::size_t width_;
  std::set<Row, RowLess> seen_;
};

class PaginatedRows final : public Stage {
 public:
  PaginatedRows(Source input, int64_t offset, std::optional<int64_t> row_count)
      : input_(std::move(input)), skip_(offset), left_(row_count) {}
  Pull Next(Row& row) override {
    for (; skip_ > 0; --skip_) {
      Pull pulled = input_->Next(row);
      if (pulled != Pull::Row) return pulled;
    }
    if (left_ && *left_ <= 0) return Pull::End;
    Pull pulled = input_->Next(row);
    if (pulled == Pull::Row && left_) --*left_;
    return pulled;
  }

 private:
  Source input_;
  int64_t skip_;
  std::optional<int64_t> left_;
};

class ProjectedRows final : public Stage {
 public:
  ProjectedRows(Source input, std::size_t width, ValueTransform transform)
      : input_(std::move(input)), width_(width), transform_(std::move(transform)) {}
  Pull Next(Row& row) override {
    Pull pulled = input_->Next(row);
    if (pulled != Pull::Row) return pulled;
    row.resize(width_);
    if (transform_) {
      for (std::size_t i = 0; i < row.size(); ++i) row[i] = transform_(i, row[i]);
    }
    return pulled;
  }

 private:
  Source input_;
  std::size_t width_;
  ValueTransform transform_;
};

}  // namespace

Source Filter(Source input, const MergeExpr& condition, Collation collation) {
  return std::make_unique<FilteredRows>(std::move(input), condition, collation);
}

Source Deduplicate(Source input, std::size_t width, Collation collation) {
  return std::make_unique<DistinctRows>(std::move(input), width, collation);
}

Source Paginate(Source input, int64_t offset, std::optional<int64_t> row_count) {
  return std::make_unique<PaginatedRows>(std::move(input), offset, row_count);
}

Source Project(Source input, std::size_t width, ValueTransform transform) {
  return std::make_unique<ProjectedRows>(std::move(input), width, std::move(transform));
}

}  // namespace sqlroute::merge
