#include "merge/merge_layout.h"

#include "common/strings.h"
#include "sqlroute/error_text.h"

namespace sqlroute::merge {
namespace {

void CheckSameColumns(const std::vector<std::vector<std::string>>& units) {
  const std::vector<std::string>& first = units.front();
  for (std::size_t unit = 1; unit < units.size(); ++unit) {
    const std::vector<std::string>& columns = units[unit];
    bool same = columns.size() == first.size();
    for (std::size_t i = 0; same && i < columns.size(); ++i) same = EqualsIgnoreCase(columns[i], first[i]);
    if (!same) {
      throw Error(Message<msg::UnitColumnsDiffer>(arg::unit = unit, arg::columns = Join(columns, ", "),
                                                  arg::first = Join(first, ", ")));
    }
  }
}

std::size_t Bind(const MergeColumn& column, const std::vector<std::string>& columns) {
  if (column.index >= 0) {
    if (static_cast<std::size_t>(column.index) < columns.size()) return static_cast<std::size_t>(column.index);
    throw Error(Message<msg::MergeColumnBeyond>(arg::index = column.index + 1, arg::label = column.label,
                                                arg::count = columns.size()));
  }
  for (std::size_t i = 0; i < columns.size(); ++i) {
    if (EqualsIgnoreCase(columns[i], column.label)) return i;
  }
  throw Error(Message<msg::MergeColumnMissing>(arg::label = column.label, arg::columns = Join(columns, ", ")));
}

std::vector<SortKey> BindKeys(const std::vector<MergeOrderItem>& items, const std::vector<std::string>& columns) {
  std::vector<SortKey> result;
  for (const MergeOrderItem& item : items) result.push_back({Bind(item.column, columns), item.descending});
  return result;
}

MergeExpr BindExpr(const MergeExpr& expr, const std::vector<std::string>& columns) {
  MergeExpr result = expr;
  if (result.kind == MergeExprKind::Column) result.column.index = static_cast<int>(Bind(expr.column, columns));
  for (MergeExpr& child : result.children) child = BindExpr(child, columns);
  return result;
}

std::size_t VisibleColumns(const MergeInstructions& instructions, const std::vector<std::string>& columns) {
  const std::vector<std::string>& derived = instructions.derived_labels;
  if (derived.size() > columns.size()) {
    throw Error(Message<msg::DerivedColumnsMissing>(arg::columns = Join(derived, ", ")));
  }
  std::size_t visible = columns.size() - derived.size();
  for (std::size_t i = 0; i < derived.size(); ++i) {
    if (!EqualsIgnoreCase(columns[visible + i], derived[i])) {
      throw Error(Message<msg::DerivedColumnMisplaced>(arg::column = derived[i], arg::position = visible + i + 1,
                                                       arg::found = columns[visible + i]));
    }
  }
  return visible;
}

}  // namespace

MergeLayout BindLayout(const MergeInstructions& instructions, const std::vector<std::vector<std::string>>& units) {
  MergeLayout layout;
  if (units.empty()) return layout;
  CheckSameColumns(units);
  layout.columns = units.front();
  layout.labels.assign(layout.columns.begin(),
                       layout.columns.begin() + static_cast<std::ptrdiff_t>(VisibleColumns(instructions, layout.columns)));
  layout.order_by = BindKeys(instructions.order_by, layout.columns);
  layout.group_by = BindKeys(instructions.group_by, layout.columns);
  for (const MergeAggregation& each : instructions.aggregations) {
    BoundAggregation bound;
    bound.type = each.type;
    bound.index = Bind(each.column, layout.columns);
    bound.distinct = each.distinct;
    if (each.type == AggregationType::Avg && !each.distinct) {
      bound.avg_count = Bind(each.avg_count, layout.columns);
      bound.avg_sum = Bind(each.avg_sum, layout.columns);
    }
    bound.separator = each.separator;
    if (!each.result_label.empty() && bound.index < layout.labels.size()) layout.labels[bound.index] = each.result_label;
    layout.aggregations.push_back(std::move(bound));
  }
  if (instructions.having) layout.having = BindExpr(*instructions.having, layout.columns);
  layout.rollup = instructions.rollup;
  return layout;
}

}  // namespace sqlroute::merge
