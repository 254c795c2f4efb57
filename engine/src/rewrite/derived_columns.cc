#include "rewrite/derived_columns.h"

#include "common/strings.h"
#include "rewrite/group_concat_separator.h"

namespace sqlroute::rewrite {
namespace {

AggregationType TypeOf(ast::AggregationKind kind) {
  switch (kind) {
    case ast::AggregationKind::Count: return AggregationType::Count;
    case ast::AggregationKind::Sum: return AggregationType::Sum;
    case ast::AggregationKind::Avg: return AggregationType::Avg;
    case ast::AggregationKind::Max: return AggregationType::Max;
    case ast::AggregationKind::Min: return AggregationType::Min;
    case ast::AggregationKind::BitXor: return AggregationType::BitXor;
    default: return AggregationType::GroupConcat;
  }
}

class SelectMergePlanner {
 public:
  SelectMergePlanner(const RewriteInput& input, const ast::Query& query)
      : input_(input), statement_(input.statement), query_(query) {
    bool fixed = true;
    for (const auto& projection : query.projections) {
      if (projection.star) fixed = false;
      columns_.push_back({Label(projection), fixed && !projection.star ? static_cast<int>(columns_.size()) : -1});
    }
    fixed_width_ = fixed;
  }

  void Run(std::vector<SqlToken>& tokens, MergeInstructions& merge) {
    merge.required = true;
    merge.distinct = query_.distinct;
    Aggregations(tokens, merge);
    merge.order_by = Items(query_.order_by, "ORDER_BY_DERIVED_");
    merge.group_by = Items(query_.group_by, "GROUP_BY_DERIVED_");
    if (!query_.group_by.empty() && query_.order_by.empty() && !query_.with_rollup) {
      merge.order_by = merge.group_by;
      AddGroupOrder(tokens);
    }
    Limit(merge);
    if (!derived_.empty() && !query_.projections_span.empty()) {
      uint32_t at = query_.projections_span.end;
      tokens.push_back({at, at, TokenKind::Text, derived_, "", false});
    }
    merge.derived_labels = std::move(derived_labels_);
  }

 private:
  std::string Label(const ast::Projection& projection) const {
    if (projection.alias) return projection.alias->name;
    if (projection.star) return "*";
    const ast::Expr& expr = statement_.expr(projection.expr);
    if (expr.kind == ast::ExprKind::Column) return expr.column.name.name;
    return std::string(statement_.text(expr.span));
  }

  MergeColumn Derive(const std::string& expression, const std::string& label) {
    derived_ += ", " + expression + " AS " + label;
    derived_labels_.push_back(label);
    int index = fixed_width_ ? static_cast<int>(columns_.size() + derived_labels_.size() - 1) : -1;
    return {label, index};
  }

  void Aggregations(std::vector<SqlToken>& tokens, MergeInstructions& merge) {
    int avg_index = 0;
    int distinct_index = 0;
    for (std::size_t i = 0; i < query_.projections.size(); ++i) {
      const ast::Projection& projection = query_.projections[i];
      if (projection.aggregation == ast::AggregationKind::None || projection.aggregation == ast::AggregationKind::Other) {
        continue;
      }
      const ast::Expr& call = statement_.expr(projection.expr);
      MergeAggregation aggregation;
      aggregation.type = TypeOf(projection.aggregation);
      aggregation.column = columns_[i];
      aggregation.distinct = call.distinct;
      if (aggregation.type == AggregationType::GroupConcat) {
        aggregation.separator = GroupConcatSeparator(statement_.text(call.span));
      }
      if (call.distinct && !call.children.empty() &&
          (aggregation.type == AggregationType::Count || aggregation.type == AggregationType::Sum)) {
        UnwrapDistinct(projection, call, projection.alias ? -1 : distinct_index++, tokens, aggregation);
        columns_[i].label = aggregation.column.label;
      }
      if (aggregation.type == AggregationType::Avg && call.children.size() == 1) {
        std::string argument(statement_.text(statement_.expr(call.children.front()).span));
        std::string distinct = call.distinct ? "DISTINCT " : "";
        std::string n = std::to_string(avg_index++);
        aggregation.avg_count = Derive("COUNT(" + distinct + argument + ")", "AVG_DERIVED_COUNT_" + n);
        aggregation.avg_sum = Derive("SUM(" + distinct + argument + ")", "AVG_DERIVED_SUM_" + n);
      }
      merge.aggregations.push_back(std::move(aggregation));
    }
  }

  // COUNT/SUM(DISTINCT x) -> x AS AGGREGATION_DISTINCT_DERIVED_n (x alone when aliased; the
  // counter counts unaliased ones) under SELECT DISTINCT: the units return their distinct
  // values and the merge aggregates them.
  void UnwrapDistinct(const ast::Projection& projection, const ast::Expr& call, int index,
                      std::vector<SqlToken>& tokens, MergeAggregation& aggregation) {
    if (!query_.distinct && !distinct_prefixed_) {
      uint32_t at = query_.projections_span.begin;
      tokens.push_back({at, at, TokenKind::Text, "DISTINCT ", "", false});
      distinct_prefixed_ = true;
    }
    uint32_t inner_begin = statement_.expr(call.children.front()).span.begin;
    uint32_t inner_end = statement_.expr(call.children.back()).span.end;
    if (!query_.group_by.empty()) {  // each group's distinct values, not one row per group
      uint32_t at = query_.group_by.back().span.end;
      std::string argument(statement_.text(ast::Span{inner_begin, inner_end}));
      tokens.push_back({at, at, TokenKind::Text, ", " + argument, "", false});
    }
    tokens.push_back({call.span.begin, inner_begin, TokenKind::Text, "", "", false});
    aggregation.result_label = aggregation.column.label;
    if (projection.alias) {
      tokens.push_back({inner_end, call.span.end, TokenKind::Text, "", "", false});
      return;
    }
    aggregation.column.label = "AGGREGATION_DISTINCT_DERIVED_" + std::to_string(index);
    tokens.push_back({inner_end, call.span.end, TokenKind::Text, " AS " + aggregation.column.label, "", false});
  }

  std::vector<MergeOrderItem> Items(const std::vector<ast::OrderItem>& items, const char* prefix) {
    std::vector<MergeOrderItem> result;
    int index = 0;
    for (const auto& item : items) {
      MergeOrderItem merged;
      merged.descending = item.descending;
      if (item.position > 0 && static_cast<std::size_t>(item.position) <= columns_.size()) {
        merged.column = columns_[static_cast<std::size_t>(item.position - 1)];
      } else if (auto projected = Projected(item.expr)) {
        merged.column = *projected;
      } else {
        merged.column = Derive(std::string(statement_.text(statement_.expr(item.expr).span)),
                               prefix + std::to_string(index++));
      }
      result.push_back(std::move(merged));
    }
    return result;
  }

  void AddGroupOrder(std::vector<SqlToken>& tokens) const {
    std::vector<std::string> items;
    for (const auto& item : query_.group_by) {
      items.push_back(std::string(statement_.text(statement_.expr(item.expr).span)) + " ASC");
    }
    uint32_t at = query_.having != ast::kNoExpr ? statement_.expr(query_.having).span.end : query_.group_by.back().span.end;
    tokens.push_back({at, at, TokenKind::Text, " ORDER BY " + Join(items, ", "), "", false});
  }

  void Limit(MergeInstructions& merge) const {
    if (!query_.limit) return;
    auto bound = [&](const ast::LimitValue& value) -> std::optional<int64_t> {
      if (value.literal) return value.literal;
      std::size_t index = static_cast<std::size_t>(value.param_index);
      if (value.param_index < 0 || index >= input_.params.size() || !input_.params[index].is_integral()) {
        return std::nullopt;
      }
      return input_.params[index].int_value();
    };
    if (query_.limit->offset) merge.offset = bound(*query_.limit->offset);
    if (query_.limit->row_count) merge.row_count = bound(*query_.limit->row_count);
  }

  // The projected column an ORDER BY / GROUP BY expression refers to, if any.
  std::optional<MergeColumn> Projected(ast::ExprId id) const {
    const ast::Expr& expr = statement_.expr(id);
    std::string text(statement_.text(expr.span));
    for (std::size_t i = 0; i < query_.projections.size(); ++i) {
      const ast::Projection& projection = query_.projections[i];
      if (projection.star) {
        if (expr.kind == ast::ExprKind::Column && StarCovers(projection, expr.column)) {
          return MergeColumn{expr.column.name.name, -1};
        }
        continue;
      }
      if (projection.alias && EqualsIgnoreCase(projection.alias->name, text)) return columns_[i];
      const ast::Expr& projected = statement_.expr(projection.expr);
      if (EqualsIgnoreCase(statement_.text(projected.span), text)) return columns_[i];
      if (expr.kind == ast::ExprKind::Column && projected.kind == ast::ExprKind::Column &&
          EqualsIgnoreCase(projected.column.name.name, expr.column.name.name) &&
          (!expr.column.owner || !projected.column.owner ||
           EqualsIgnoreCase(projected.column.owner->name, expr.column.owner->name))) {
        return columns_[i];
      }
    }
    return std::nullopt;
  }

  // `*` (or `t.*`) covers a column of its tables; metadata decides when it is known.
  bool StarCovers(const ast::Projection& star, const ast::ColumnRef& column) const {
    for (int32_t index : query_.from_tables) {
      const ast::TableRef& ref = statement_.tables[static_cast<std::size_t>(index)];
      const std::string& visible = ref.alias ? ref.alias->name : ref.name.name;
      if (star.star_owner && !EqualsIgnoreCase(star.star_owner->name, visible)) continue;
      if (column.owner && !EqualsIgnoreCase(column.owner->name, visible)) continue;
      const auto* names = input_.rules.ColumnsOf(ref.name.name);
      if (!names) return true;
      for (const auto& each : *names) {
        if (EqualsIgnoreCase(each, column.name.name)) return true;
      }
    }
    return false;
  }

  const RewriteInput& input_;
  const ast::Statement& statement_;
  const ast::Query& query_;
  std::vector<MergeColumn> columns_;
  bool fixed_width_ = true;
  bool distinct_prefixed_ = false;
  std::string derived_;
  std::vector<std::string> derived_labels_;
};

}  // namespace

void PlanSelectMerge(const RewriteInput& input, std::vector<SqlToken>& tokens, MergeInstructions& merge) {
  const ast::Statement& statement = input.statement;
  if (statement.kind != ast::StatementKind::Select || input.route.units.size() <= 1) return;
  if (statement.main_query == ast::kNoQuery) return;
  SelectMergePlanner(input, statement.queries[static_cast<std::size_t>(statement.main_query)]).Run(tokens, merge);
}

}  // namespace sqlroute::rewrite
