#include "rewrite/pagination.h"

#include <algorithm>
#include <limits>

#include "sqlroute/error_text.h"

namespace sqlroute::rewrite {
namespace {

constexpr int64_t kMaxRowCount = std::numeric_limits<int32_t>::max();

int64_t BoundValue(const ast::LimitValue& bound, const std::vector<Value>& params, const std::string& sql) {
  if (bound.literal) return *bound.literal;
  if (bound.param_index < 0 || static_cast<std::size_t>(bound.param_index) >= params.size()) {
    throw Error(Message<msg::ParameterNotBound>(arg::index = bound.param_index + 1, arg::given = params.size()),
                PositionAt(sql, bound.span.begin));
  }
  const Value& value = params[static_cast<std::size_t>(bound.param_index)];
  if (!value.is_integral()) {
    throw Error(Message<msg::LimitParameterNotInteger>(arg::value = value.ToDisplay()),
                PositionAt(sql, bound.span.begin));
  }
  return value.int_value();
}

// ShardingSphere's SelectStatementContext#isSameGroupByAndOrderByItems: a GROUP BY whose items
// are the ORDER BY's, in order and direction (OrderByItem#equals).
bool SameGroupAndOrder(const ast::Statement& statement, const ast::Query& query) {
  const std::vector<ast::OrderItem>& group = query.group_by;
  const std::vector<ast::OrderItem>& order = query.order_by.empty() ? group : query.order_by;
  if (group.empty() || group.size() != order.size()) return false;
  for (std::size_t i = 0; i < group.size(); ++i) {
    if (group[i].descending != order[i].descending ||
        statement.text(statement.expr(group[i].expr).span) != statement.text(statement.expr(order[i].expr).span)) {
      return false;
    }
  }
  return true;
}

bool HasAggregation(const ast::Query& query) {
  for (const auto& each : query.projections) {
    if (each.aggregation != ast::AggregationKind::None) return true;
  }
  return false;
}

// COUNT/SUM/AVG(DISTINCT x): the units return one row per distinct x of each group, not one
// per group, so a LIMIT on the units would cut groups short.
bool UnitsReturnDistinctValues(const MergeInstructions& merge) {
  return std::any_of(merge.aggregations.begin(), merge.aggregations.end(), [](const MergeAggregation& each) {
    return each.distinct && (each.type == AggregationType::Count || each.type == AggregationType::Sum ||
                             each.type == AggregationType::Avg);
  });
}

// Every unit sends all its rows when its rows are not the statement's: ShardingSphere's
// PaginationContext#isMaxRowCount (grouped or aggregated, and GROUP BY is not ORDER BY), and
// beyond it, where ShardingSphere's own rewrite would cut short, when the units return distinct
// values, when the merge evaluates HAVING (it may drop any group) or adds ROLLUP rows.
bool FetchAllRows(const ast::Statement& statement, const ast::Query& query, const MergeInstructions& merge) {
  bool grouped = !query.group_by.empty() || HasAggregation(query);
  return (grouped && !SameGroupAndOrder(statement, query)) || UnitsReturnDistinctValues(merge) ||
         merge.having.has_value() || query.with_rollup;
}

void Replace(const ast::LimitValue& bound, int64_t value, std::vector<SqlToken>& tokens, UnitParams& params) {
  if (bound.literal) {
    tokens.push_back({bound.span.begin, bound.span.end, TokenKind::Text, std::to_string(value), "", false});
  } else {
    params.Edit()[static_cast<std::size_t>(bound.param_index)] = Value::Long(value);
  }
}

}  // namespace

void RewritePagination(const RewriteInput& input, const MergeInstructions& merge, std::vector<SqlToken>& tokens,
                       UnitParams& params) {
  const ast::Statement& statement = input.statement;
  if (statement.kind != ast::StatementKind::Select || input.route.units.size() <= 1) return;
  if (statement.main_query == ast::kNoQuery) return;
  const ast::Query& query = statement.queries[static_cast<std::size_t>(statement.main_query)];
  if (!query.limit || !query.limit->row_count) return;
  const ast::Limit& limit = *query.limit;
  int64_t offset = limit.offset ? BoundValue(*limit.offset, input.params, statement.sql) : 0;
  int64_t row_count = BoundValue(*limit.row_count, input.params, statement.sql);
  int64_t revised = FetchAllRows(statement, query, merge) ? kMaxRowCount : offset + row_count;
  if (limit.offset) Replace(*limit.offset, 0, tokens, params);
  Replace(*limit.row_count, revised, tokens, params);
}

}  // namespace sqlroute::rewrite
