#include "rewrite/derived_columns.h"

#include <algorithm>
#include <map>

#include "common/strings.h"
#include "rewrite/clause_positions.h"
#include "rewrite/group_concat_separator.h"
#include "rewrite/group_placement.h"
#include "rewrite/having_condition.h"
#include "sqlroute/error_text.h"

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

// Text to insert: fixed pieces and, where it copies a logic table name used as a column owner,
// TableName pieces each unit resolves to its actual table.
using Pieces = std::vector<SqlToken>;

Pieces Text(std::string text) { return {{0, 0, TokenKind::Text, std::move(text), "", false}}; }

Pieces operator+(Pieces a, const Pieces& b) {
  a.insert(a.end(), b.begin(), b.end());
  return a;
}

void Insert(uint32_t at, Pieces pieces, std::vector<SqlToken>& tokens) {
  for (SqlToken& piece : pieces) {
    piece.begin = piece.end = at;
    tokens.push_back(std::move(piece));
  }
}

// HAVING leaves the units only where they could not evaluate it exactly.
bool MergesHaving(const RewriteInput& input, const ast::Query& query) {
  return input.rules.having_merge && !GroupsStayOnOneUnit(input, query);
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

  void Run(std::vector<SqlToken>& tokens, MergeInstructions& merge, std::vector<int32_t>& dropped_params) {
    tokens_ = &tokens;
    merge.required = true;
    merge.distinct = query_.distinct;
    Aggregations(tokens, merge);
    // GROUP BY's derived columns come before ORDER BY's, as in ShardingSphere's projections.
    merge.group_by = Items(query_.group_by, "GROUP_BY_DERIVED_", tokens, merge);
    merge.order_by = Items(query_.order_by, "ORDER_BY_DERIVED_", tokens, merge);
    uint32_t clause_end = query_.group_by.empty() ? 0 : query_.group_by.back().span.end;
    if (query_.with_rollup) clause_end = Rollup(tokens, merge);
    if (query_.having != ast::kNoExpr) {
      clause_end = MergesHaving(input_, query_) ? Having(tokens, merge, dropped_params)
                                                : HavingClause(statement_, query_).end;
    }
    if (!query_.group_by.empty() && query_.order_by.empty()) {
      merge.order_by = merge.group_by;
      AddGroupOrder(tokens, clause_end);
    } else if (query_.group_by.empty() && query_.order_by.empty() && query_.distinct) {
      AddDistinctOrder(tokens, merge);
    }
    Limit(merge);
    GroupDistinctValues(tokens, merge);
    if (!derived_.empty() && !query_.projections_span.empty()) {
      Insert(query_.projections_span.end, std::move(derived_), tokens);
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

  // A derived column copies statement text: a `?` in it would shift the parameters.
  void CheckNoParams(ast::Span span) const {
    if (!ParamsIn(statement_, span).empty()) {
      throw Error(Message<msg::ParameterInDerivedColumn>(arg::expression = statement_.text(span)),
                  PositionAt(statement_.sql, span.begin));
    }
  }

  // The statement's text in `span`, with the logic tables it names as column owners.
  Pieces Copy(ast::Span span) const {
    std::vector<const SqlToken*> tables;
    for (const SqlToken& token : *tokens_) {
      if (token.kind == TokenKind::TableName && token.begin < token.end && token.begin >= span.begin &&
          token.end <= span.end) {
        tables.push_back(&token);
      }
    }
    std::sort(tables.begin(), tables.end(), [](const SqlToken* a, const SqlToken* b) { return a->begin < b->begin; });
    Pieces result;
    uint32_t at = span.begin;
    for (const SqlToken* table : tables) {
      result.push_back({0, 0, TokenKind::Text, std::string(statement_.text({at, table->begin})), "", false});
      result.push_back({0, 0, TokenKind::TableName, table->text, "", table->quoted});
      at = table->end;
    }
    result.push_back({0, 0, TokenKind::Text, std::string(statement_.text({at, span.end})), "", false});
    return result;
  }

  Pieces Copy(ast::ExprId id) const { return Copy(statement_.expr(id).span); }

  MergeColumn Derive(const Pieces& expression, const std::string& label) {
    derived_ = std::move(derived_) + Text(", ") + expression + Text(" AS " + label);
    derived_labels_.push_back(label);
    int index = fixed_width_ ? static_cast<int>(columns_.size() + derived_labels_.size() - 1) : -1;
    return {label, index};
  }

  void Aggregations(std::vector<SqlToken>& tokens, MergeInstructions& merge) {
    for (std::size_t i = 0; i < query_.projections.size(); ++i) {
      const ast::Projection& projection = query_.projections[i];
      if (projection.aggregation == ast::AggregationKind::None) continue;
      const ast::Expr& call = statement_.expr(projection.expr);
      MergeableAggregate(statement_, call);  // BIT_AND, STD, ...: UNSUPPORTED_SQL
      MergeAggregation aggregation;
      aggregation.type = TypeOf(projection.aggregation);
      aggregation.column = columns_[i];
      aggregation.distinct = call.distinct;
      if (aggregation.type == AggregationType::GroupConcat) GroupConcat(call, aggregation);
      if (UnitsReturnDistinctValues(call, aggregation.type)) {
        UnwrapDistinct(projection, call, projection.alias ? -1 : distinct_index_++, tokens, aggregation);
        columns_[i].label = aggregation.column.label;
      } else if (aggregation.type == AggregationType::Avg && call.children.size() == 1) {
        DeriveAvgParts(call, aggregation);
      }
      merge.aggregations.push_back(std::move(aggregation));
    }
  }

  // COUNT/SUM/AVG(DISTINCT x) -> x AS AGGREGATION_DISTINCT_DERIVED_n (x alone when aliased;
  // the counter counts unaliased ones) under SELECT DISTINCT: the units return their distinct
  // values and the merge aggregates them.
  void UnwrapDistinct(const ast::Projection& projection, const ast::Expr& call, int index,
                      std::vector<SqlToken>& tokens, MergeAggregation& aggregation) {
    uint32_t inner_begin = statement_.expr(call.children.front()).span.begin;
    uint32_t inner_end = statement_.expr(call.children.back()).span.end;
    ReturnDistinctValues(Copy(ast::Span{inner_begin, inner_end}), tokens);
    tokens.push_back({call.span.begin, inner_begin, TokenKind::Text, "", "", false});
    aggregation.result_label = aggregation.column.label;
    if (projection.alias) {
      tokens.push_back({inner_end, call.span.end, TokenKind::Text, "", "", false});
      return;
    }
    aggregation.column.label = "AGGREGATION_DISTINCT_DERIVED_" + std::to_string(index);
    tokens.push_back({inner_end, call.span.end, TokenKind::Text, " AS " + aggregation.column.label, "", false});
  }

  // ORDER BY / GROUP BY items as result columns; an item not projected becomes a derived
  // column, and an aggregate one is merged like a projected aggregate.
  std::vector<MergeOrderItem> Items(const std::vector<ast::OrderItem>& items, const char* prefix,
                                    std::vector<SqlToken>& tokens, MergeInstructions& merge) {
    std::vector<MergeOrderItem> result;
    int index = 0;
    for (const auto& item : items) {
      MergeOrderItem merged;
      merged.descending = item.descending;
      const ast::Expr& expr = statement_.expr(item.expr);
      if (item.position > 0 && static_cast<std::size_t>(item.position) <= columns_.size()) {
        merged.column = columns_[static_cast<std::size_t>(item.position - 1)];
      } else if (auto projected = Projected(item.expr)) {
        merged.column = *projected;
      } else if (MergeableAggregate(statement_, expr)) {
        merged.column = DeriveAggregate(item.expr, prefix + std::to_string(index++), tokens, merge);
      } else {
        CheckNoParams(expr.span);
        merged.column = Derive(Copy(item.expr), prefix + std::to_string(index++));
      }
      result.push_back(std::move(merged));
    }
    return result;
  }

  // An aggregate the projection lacks (in ORDER BY or HAVING) as a derived column the merge
  // combines: `call AS label` (AVG with its COUNT and SUM), or for COUNT/SUM/AVG(DISTINCT x)
  // `x AS AGGREGATION_DISTINCT_DERIVED_n`. The same call twice is derived once.
  MergeColumn DeriveAggregate(ast::ExprId id, const std::string& label, std::vector<SqlToken>& tokens,
                              MergeInstructions& merge) {
    const ast::Expr& call = statement_.expr(id);
    std::string text = ToUpper(statement_.text(call.span));
    auto known = derived_aggregates_.find(text);
    if (known != derived_aggregates_.end()) return known->second;
    CheckNoParams(call.span);
    MergeAggregation aggregation;
    aggregation.type = *MergeableAggregate(statement_, call);
    aggregation.distinct = call.distinct;
    if (aggregation.type == AggregationType::GroupConcat) GroupConcat(call, aggregation);
    if (UnitsReturnDistinctValues(call, aggregation.type)) {
      Pieces argument = Copy(ast::Span{statement_.expr(call.children.front()).span.begin,
                                       statement_.expr(call.children.back()).span.end});
      ReturnDistinctValues(argument, tokens);
      aggregation.column = Derive(argument, "AGGREGATION_DISTINCT_DERIVED_" + std::to_string(distinct_index_++));
    } else {
      aggregation.column = Derive(Copy(id), label);
      if (aggregation.type == AggregationType::Avg && call.children.size() == 1) DeriveAvgParts(call, aggregation);
    }
    derived_aggregates_.emplace(text, aggregation.column);
    merge.aggregations.push_back(aggregation);
    return aggregation.column;
  }

  static bool DistinctValuesAggregate(bool distinct, AggregationType type) {
    return distinct &&
           (type == AggregationType::Count || type == AggregationType::Sum || type == AggregationType::Avg);
  }

  bool UnitsReturnDistinctValues(const ast::Expr& call, AggregationType type) const {
    return !call.children.empty() && DistinctValuesAggregate(call.distinct, type);
  }

  // The units answer SELECT DISTINCT ..., with `argument` added to the GROUP BY: each group's
  // distinct values, not one row per group. The prefix goes before the first projection, after a
  // DISTINCT the statement writes too (ShardingSphere's DistinctProjectionPrefixToken).
  void ReturnDistinctValues(const Pieces& argument, std::vector<SqlToken>& tokens) {
    distinct_arguments_.push_back(argument);
    if (!distinct_prefixed_) {
      uint32_t at = query_.projections_span.begin;
      tokens.push_back({at, at, TokenKind::Text, "DISTINCT ", "", false});
      distinct_prefixed_ = true;
    }
    if (!query_.group_by.empty()) {
      Insert(query_.group_by.back().span.end, Text(", ") + argument, tokens);
    }
  }

  void DeriveAvgParts(const ast::Expr& call, MergeAggregation& aggregation) {
    Pieces argument = Copy(call.children.front());
    std::string n = std::to_string(avg_index_++);
    aggregation.avg_count = Derive(Text("COUNT(") + argument + Text(")"), "AVG_DERIVED_COUNT_" + n);
    aggregation.avg_sum = Derive(Text("SUM(") + argument + Text(")"), "AVG_DERIVED_SUM_" + n);
  }

  // GROUP_CONCAT(... ORDER BY ...) orders items across rows of several units: not mergeable
  // from the units' concatenations.
  void GroupConcat(const ast::Expr& call, MergeAggregation& aggregation) const {
    std::string_view text = statement_.text(call.span);
    if (GroupConcatOrdered(text)) {
      throw Error(Message<msg::GroupConcatOrdered>(arg::call = text), PositionAt(statement_.sql, call.span.begin));
    }
    aggregation.separator = GroupConcatSeparator(text);
  }

  // GROUP BY ... WITH ROLLUP: the units group without it, ordered by the group items, and the
  // merge adds the super-aggregate rows. Returns the end of the clause.
  uint32_t Rollup(std::vector<SqlToken>& tokens, MergeInstructions& merge) const {
    if (!query_.order_by.empty()) {
      throw Error(Message<msg::RollupWithOrderBy>(), PositionAt(statement_.sql, query_.order_by.front().span.begin));
    }
    uint32_t end = RollupEnd(statement_, query_);
    tokens.push_back({query_.group_by.back().span.end, end, TokenKind::Text, "", "", false});
    merge.rollup = true;
    return end;
  }

  // HAVING with `having-merge-enabled`: removed from the units, evaluated by the merge on the
  // merged groups. Aggregates and columns the projection lacks become derived columns
  // (HAVING_DERIVED_n). Returns the end of the clause.
  uint32_t Having(std::vector<SqlToken>& tokens, MergeInstructions& merge, std::vector<int32_t>& dropped_params) {
    ast::Span clause = HavingClause(statement_, query_);
    int index = 0;
    HavingResolver resolver;
    resolver.aggregate = [&](ast::ExprId id) {
      if (auto projected = Projected(id)) return *projected;
      return DeriveAggregate(id, "HAVING_DERIVED_" + std::to_string(index++), tokens, merge);
    };
    resolver.column = [&](ast::ExprId id) {
      const bind::ColumnOwner& owner = input_.bound.owner(id);
      if (owner.kind == bind::OwnerKind::Alias) return columns_[static_cast<std::size_t>(owner.projection)];
      if (auto projected = Projected(id)) return *projected;
      return Derive(Copy(id), "HAVING_DERIVED_" + std::to_string(index++));
    };
    merge.having = HavingCondition(statement_, query_.having, input_.params, resolver);
    // The clause's own tokens go with it: table names, and encrypted columns the merge could
    // not compare (it sees ciphertext).
    std::vector<SqlToken> kept;
    for (SqlToken& token : tokens) {
      bool inside = token.begin == token.end ? token.begin > clause.begin && token.begin < clause.end
                                             : token.begin < clause.end && token.end > clause.begin;
      if (!inside) {
        kept.push_back(std::move(token));
      } else if (token.kind != TokenKind::TableName) {
        throw Error(Message<msg::HavingOnEncrypted>(), PositionAt(statement_.sql, token.begin));
      }
    }
    tokens = std::move(kept);
    tokens.push_back({clause.begin, clause.end, TokenKind::Text, "", "", false});
    dropped_params = ParamsIn(statement_, clause);
    return clause.end;
  }

  // Units that return distinct values (one row per value and group) answer the statement's
  // other aggregates per value too when it has no GROUP BY: they group by the distinct
  // arguments, and the merge combines those partial results into the one row. ROLLUP's
  // super-aggregates cannot be built from such rows.
  void GroupDistinctValues(std::vector<SqlToken>& tokens, const MergeInstructions& merge) const {
    if (distinct_arguments_.empty()) return;
    if (merge.rollup) {
      throw Error(Message<msg::DistinctAggregateWithRollup>(),
                  PositionAt(statement_.sql, query_.projections_span.begin));
    }
    bool others = std::any_of(merge.aggregations.begin(), merge.aggregations.end(), [](const MergeAggregation& each) {
      return !DistinctValuesAggregate(each.distinct, each.type);
    });
    if (!query_.group_by.empty() || !others) return;
    Pieces group_by = Text(" GROUP BY ");
    for (std::size_t i = 0; i < distinct_arguments_.size(); ++i) {
      group_by = std::move(group_by) + Text(i == 0 ? "" : ", ") + distinct_arguments_[i];
    }
    Insert(GroupByPosition(statement_, query_), std::move(group_by), tokens);
  }

  void AddGroupOrder(std::vector<SqlToken>& tokens, uint32_t at) const {
    Pieces items = Text(" ORDER BY ");
    for (std::size_t i = 0; i < query_.group_by.size(); ++i) {
      const ast::OrderItem& item = query_.group_by[i];
      items = std::move(items) + Text(i == 0 ? "" : ", ") + Copy(item.expr) + Text(item.descending ? " DESC" : " ASC");
    }
    Insert(at, std::move(items), tokens);
  }

  // SELECT DISTINCT without GROUP BY or ORDER BY: the units are ordered by the projected
  // columns, ascending (OrderByContextEngine's order for a distinct row), when it has any.
  // A column the encrypt rewrite replaces (ciphertext under its logical name) cannot be ordered
  // by on the units: they stay unordered, as before the order existed.
  void AddDistinctOrder(std::vector<SqlToken>& tokens, MergeInstructions& merge) const {
    for (const ast::Projection& projection : query_.projections) {
      if (!projection.star && statement_.expr(projection.expr).kind == ast::ExprKind::Column &&
          Rewritten(statement_.expr(projection.expr).span, tokens)) {
        return;
      }
    }
    Pieces items = Text(" ORDER BY ");
    for (std::size_t i = 0; i < query_.projections.size(); ++i) {
      const ast::Projection& projection = query_.projections[i];
      if (projection.star || statement_.expr(projection.expr).kind != ast::ExprKind::Column) continue;
      items = std::move(items) + Text(merge.order_by.empty() ? "" : ", ") + Copy(projection.expr) + Text(" ASC");
      merge.order_by.push_back({columns_[i], false});
    }
    if (!merge.order_by.empty()) Insert(GroupByPosition(statement_, query_), std::move(items), tokens);
  }

  static bool Rewritten(ast::Span span, const std::vector<SqlToken>& tokens) {
    return std::any_of(tokens.begin(), tokens.end(), [&](const SqlToken& token) {
      return token.kind != TokenKind::TableName && token.begin < span.end && token.end > span.begin;
    });
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
        if (expr.kind == ast::ExprKind::Column && StarCovers(i, id)) {
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

  // `*` (or `t.*`) of projection `star` covers a visible column its tables own; an unqualified
  // column the binder found no owner for, when one of them has no known columns.
  bool StarCovers(std::size_t star, ast::ExprId column) const {
    const bind::BoundStatement& bound = input_.bound;
    const bind::ColumnOwner& owner = bound.owner(column);
    bool unowned = owner.kind == bind::OwnerKind::None && !statement_.expr(column).column.owner;
    for (int32_t index : bound.StarTables(*bound.StarOf(statement_.main_query, static_cast<int32_t>(star)))) {
      if (owner.kind == bind::OwnerKind::Table) {
        if (owner.table == index) return !bind::IsInvisibleColumn(bound.table(index), statement_.expr(column).column.name.name);
      } else if (unowned && !bound.table(index).columns) {
        return true;
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
  std::vector<Pieces> distinct_arguments_;  // of the aggregates that make the units return distinct values
  int avg_index_ = 0;
  int distinct_index_ = 0;
  std::map<std::string, MergeColumn> derived_aggregates_;  // upper-cased call text -> its column
  std::vector<SqlToken>* tokens_ = nullptr;  // the statement's tokens, table names included
  Pieces derived_;
  std::vector<std::string> derived_labels_;
};

// What makes a query block's rows other than its tables' rows filtered, or nullptr.
const char* RowShaping(const ast::Query& query) {
  if (query.limit) return "LIMIT";
  if (!query.group_by.empty() || query.having != ast::kNoExpr) return "GROUP BY or HAVING";
  for (const auto& each : query.projections) {
    if (each.aggregation != ast::AggregationKind::None) return "an aggregate";
  }
  return query.distinct ? "DISTINCT" : nullptr;
}

// A derived table over sharding tables that limits, groups or de-duplicates its rows gives
// each unit only its own share of them: the outer query would see partial rows.
void CheckDerivedTables(const RewriteInput& input, const ast::Query& query) {
  const ast::Statement& statement = input.statement;
  for (ast::QueryId id : query.derived_tables) {
    const ast::Query& derived = statement.queries[static_cast<std::size_t>(id)];
    CheckDerivedTables(input, derived);
    bool sharded = std::any_of(derived.from_tables.begin(), derived.from_tables.end(), [&](int32_t index) {
      return input.rules.sharding && input.rules.sharding->Find(statement.tables[static_cast<std::size_t>(index)].name.name);
    });
    const char* shaping = RowShaping(derived);
    if (sharded && shaping) {
      throw Error(Message<msg::DerivedTableShaping>(arg::shaping = shaping),
                  PositionAt(statement.sql, derived.span.begin));
    }
  }
}

}  // namespace

void PlanSelectMerge(const RewriteInput& input, std::vector<SqlToken>& tokens, MergeInstructions& merge,
                     std::vector<int32_t>& dropped_params, std::vector<std::string>& warnings) {
  const ast::Statement& statement = input.statement;
  if (statement.kind != ast::StatementKind::Select || input.route.units.size() <= 1) return;
  if (statement.main_query == ast::kNoQuery) return;
  const ast::Query& query = statement.queries[static_cast<std::size_t>(statement.main_query)];
  CheckDerivedTables(input, query);
  SelectMergePlanner(input, query).Run(tokens, merge, dropped_params);
  if (query.having != ast::kNoExpr && !input.rules.having_merge && !GroupsStayOnOneUnit(input, query)) {
    warnings.push_back("HAVING is evaluated by each data node on its share of the groups, so the merged result "
                       "can miss or truncate groups whose rows lie on several nodes (prop having-merge-enabled: "
                       "true evaluates it on the merged groups)");
  }
}

}  // namespace sqlroute::rewrite
