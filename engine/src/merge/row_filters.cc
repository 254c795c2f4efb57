// The stages after the merge proper: HAVING, DISTINCT, LIMIT and the projection to visible columns.
#include <set>

#include "merge/merge_expr_eval.h"
#include "merge/merge_streams.h"

namespace sqlroute::merge {
namespace {

class FilteredRows final : public RowSource {
 public:
  FilteredRows(Source input, const MergeExpr& condition, Collation collation)
      : input_(std::move(input)), condition_(condition), collation_(collation) {}
  const std::vector<std::string>& columns() const override { return input_->columns(); }
  bool Next(Row& row) override {
    while (input_->Next(row)) {
      if (IsTrue(Evaluate(condition_, row, collation_))) return true;
    }
    return false;
  }

 private:
  Source input_;
  const MergeExpr& condition_;
  Collation collation_;
};

class DistinctRows final : public RowSource {
 public:
  DistinctRows(Source input, std::size_t width, Collation collation)
      : input_(std::move(input)), width_(width), seen_(RowLess{collation}) {}
  const std::vector<std::string>& columns() const override { return input_->columns(); }
  bool Next(Row& row) override {
    while (input_->Next(row)) {
      if (seen_.insert(Row(row.begin(), row.begin() + static_cast<std::ptrdiff_t>(width_))).second) return true;
    }
    return false;
  }

 private:
  Source input_;
  std::size_t width_;
  std::set<Row, RowLess> seen_;
};

class PaginatedRows final : public RowSource {
 public:
  PaginatedRows(Source input, int64_t offset, std::optional<int64_t> row_count)
      : input_(std::move(input)), skip_(offset), left_(row_count) {}
  const std::vector<std::string>& columns() const override { return input_->columns(); }
  bool Next(Row& row) override {
    for (; skip_ > 0; --skip_) {
      if (!input_->Next(row)) return false;
    }
    if (left_ && *left_ <= 0) return false;
    if (!input_->Next(row)) return false;
    if (left_) --*left_;
    return true;
  }

 private:
  Source input_;
  int64_t skip_;
  std::optional<int64_t> left_;
};

class ProjectedRows final : public RowSource {
 public:
  ProjectedRows(Source input, std::vector<std::string> columns, ValueTransform transform)
      : input_(std::move(input)), columns_(std::move(columns)), transform_(std::move(transform)) {}
  const std::vector<std::string>& columns() const override { return columns_; }
  bool Next(Row& row) override {
    if (!input_->Next(row)) return false;
    row.resize(columns_.size());
    if (transform_) {
      for (std::size_t i = 0; i < row.size(); ++i) row[i] = transform_(i, row[i]);
    }
    return true;
  }

 private:
  Source input_;
  std::vector<std::string> columns_;
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

Source Project(Source input, std::vector<std::string> columns, ValueTransform transform) {
  return std::make_unique<ProjectedRows>(std::move(input), std::move(columns), std::move(transform));
}

}  // namespace sqlroute::merge
