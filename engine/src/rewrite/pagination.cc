#include "rewrite/pagination.h"

#include <limits>

#include "sqlroute/error.h"

namespace sqlroute::rewrite {
namespace {

constexpr int64_t kMaxRowCount = std::numeric_limits<int32_t>::max();

int64_t BoundValue(const ast::LimitValue& bound, const std::vector<Value>& params, const std::string& sql) {
  if (bound.literal) return *bound.literal;
  if (bound.param_index < 0 || static_cast<std::size_t>(bound.param_index) >= params.size()) {
    throw Error(ErrorCode::PARAMETER_MISSING,
                "no value is bound to the LIMIT parameter " + std::to_string(bound.param_index + 1),
                PositionAt(sql, bound.span.begin));
  }
  const Value& value = params[static_cast<std::size_t>(bound.param_index)];
  if (!value.is_integral()) {
    throw Error(ErrorCode::PARAMETER_INVALID, "LIMIT parameter must be an integer, got " + value.ToDisplay(),
                PositionAt(sql, bound.span.begin));
  }
  return value.int_value();
}

bool SameItems(const ast::Statement& statement, const std::vector<ast::OrderItem>& a,
               const std::vector<ast::OrderItem>& b) {
  if (a.size() != b.size()) return false;
  for (std::size_t i = 0; i < a.size(); ++i) {
    if (statement.text(statement.expr(a[i].expr).span) != statement.text(statement.expr(b[i].expr).span)) return false;
  }
  return true;
}

bool HasAggregation(const ast::Query& query) {
  for (const auto& each : query.projections) {
    if (each.aggregation != ast::AggregationKind::None) return true;
  }
  return false;
}

void Replace(const ast::LimitValue& bound, int64_t value, std::vector<SqlToken>& tokens, std::vector<Value>& params) {
  if (bound.literal) {
    tokens.push_back({bound.span.begin, bound.span.end, TokenKind::Text, std::to_string(value), "", false});
  } else {
    params[static_cast<std::size_t>(bound.param_index)] = Value::Long(value);
  }
}

}  // namespace

void RewritePagination(const RewriteInput& input, std::vector<SqlToken>& tokens, std::vector<Value>& params) {
  const ast::Statement& statement = input.statement;
  if (statement.kind != ast::StatementKind::Select || input.route.units.size() <= 1) return;
  if (statement.main_query == ast::kNoQuery) return;
  const ast::Query& query = statement.queries[static_cast<std::size_t>(statement.main_query)];
  if (!query.limit || !query.limit->row_count) return;
  const ast::Limit& limit = *query.limit;
  int64_t offset = limit.offset ? BoundValue(*limit.offset, input.params, statement.sql) : 0;
  int64_t row_count = BoundValue(*limit.row_count, input.params, statement.sql);
  // The merge's HAVING may drop any group, so every unit sends all of them.
  bool fetch_all_groups = ((!query.group_by.empty() || HasAggregation(query)) &&
                           !SameItems(statement, query.group_by, query.order_by)) ||
                          query.having != ast::kNoExpr;
  int64_t revised = fetch_all_groups ? kMaxRowCount : offset + row_count;
  if (limit.offset) Replace(*limit.offset, 0, tokens, params);
  Replace(*limit.row_count, revised, tokens, params);
}

}  // namespace sqlroute::rewrite
