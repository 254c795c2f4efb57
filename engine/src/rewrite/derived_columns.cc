#include "rewrite/derived_columns.h"

#include "common/strings.h"

namespace sqlroute::rewrite {
namespace {

class DerivedColumns {
 public:
  DerivedColumns(const RewriteInput& input, const ast::Query& query) : input_(input), query_(query) {}

  void Run(std::vector<SqlToken>& tokens) {
    const ast::Statement& statement = input_.statement;
    std::string appended;
    int avg_index = 0;
    for (const auto& projection : query_.projections) {
      if (projection.aggregation != ast::AggregationKind::Avg) continue;
      const ast::Expr& call = statement.expr(projection.expr);
      if (call.children.size() != 1) continue;
      std::string argument(statement.text(statement.expr(call.children.front()).span));
      std::string distinct = call.distinct ? "DISTINCT " : "";
      std::string n = std::to_string(avg_index++);
      appended += ", COUNT(" + distinct + argument + ") AS AVG_DERIVED_COUNT_" + n + ", SUM(" + distinct + argument +
                  ") AS AVG_DERIVED_SUM_" + n;
    }
    appended += Missing(query_.order_by, "ORDER_BY_DERIVED_");
    appended += Missing(query_.group_by, "GROUP_BY_DERIVED_");
    if (!appended.empty() && !query_.projections_span.empty()) {
      tokens.push_back({query_.projections_span.end, query_.projections_span.end, TokenKind::Text, appended, "", false});
    }
    if (!query_.group_by.empty() && query_.order_by.empty() && !query_.with_rollup) {
      std::vector<std::string> items;
      for (const auto& item : query_.group_by) {
        items.push_back(std::string(statement.text(statement.expr(item.expr).span)) + " ASC");
      }
      uint32_t at = query_.having != ast::kNoExpr ? statement.expr(query_.having).span.end : query_.group_by.back().span.end;
      tokens.push_back({at, at, TokenKind::Text, " ORDER BY " + Join(items, ", "), "", false});
    }
  }

 private:
  std::string Missing(const std::vector<ast::OrderItem>& items, const char* alias_prefix) {
    std::string result;
    int index = 0;
    for (const auto& item : items) {
      if (item.position > 0 || Projected(item.expr)) continue;
      result += ", " + std::string(input_.statement.text(input_.statement.expr(item.expr).span)) + " AS " +
                alias_prefix + std::to_string(index++);
    }
    return result;
  }

  bool Projected(ast::ExprId id) const {
    const ast::Statement& statement = input_.statement;
    const ast::Expr& expr = statement.expr(id);
    std::string text(statement.text(expr.span));
    for (const auto& projection : query_.projections) {
      if (projection.star) {
        if (expr.kind == ast::ExprKind::Column && StarCovers(projection, expr.column)) return true;
        continue;
      }
      if (projection.alias && EqualsIgnoreCase(projection.alias->name, text)) return true;
      const ast::Expr& projected = statement.expr(projection.expr);
      if (EqualsIgnoreCase(statement.text(projected.span), text)) return true;
      if (expr.kind == ast::ExprKind::Column && projected.kind == ast::ExprKind::Column &&
          EqualsIgnoreCase(projected.column.name.name, expr.column.name.name) &&
          (!expr.column.owner || !projected.column.owner ||
           EqualsIgnoreCase(projected.column.owner->name, expr.column.owner->name))) {
        return true;
      }
    }
    return false;
  }

  // `*` (or `t.*`) covers a column of its tables; metadata decides when it is known.
  bool StarCovers(const ast::Projection& star, const ast::ColumnRef& column) const {
    const ast::Statement& statement = input_.statement;
    for (int32_t index : query_.from_tables) {
      const ast::TableRef& ref = statement.tables[static_cast<std::size_t>(index)];
      const std::string& visible = ref.alias ? ref.alias->name : ref.name.name;
      if (star.star_owner && !EqualsIgnoreCase(star.star_owner->name, visible)) continue;
      if (column.owner && !EqualsIgnoreCase(column.owner->name, visible)) continue;
      const auto* columns = input_.rules.ColumnsOf(ref.name.name);
      if (!columns) return true;
      for (const auto& each : *columns) {
        if (EqualsIgnoreCase(each, column.name.name)) return true;
      }
    }
    return false;
  }

  const RewriteInput& input_;
  const ast::Query& query_;
};

}  // namespace

void AddDerivedColumnTokens(const RewriteInput& input, std::vector<SqlToken>& tokens) {
  const ast::Statement& statement = input.statement;
  if (statement.kind != ast::StatementKind::Select || input.route.units.size() <= 1) return;
  if (statement.main_query == ast::kNoQuery) return;
  DerivedColumns(input, statement.queries[static_cast<std::size_t>(statement.main_query)]).Run(tokens);
}

}  // namespace sqlroute::rewrite
