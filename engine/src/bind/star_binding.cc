#include "bind/binding_steps.h"

#include "common/strings.h"

namespace sqlroute::bind {
namespace {

void AppendTable(int32_t index, BoundStatement& bound, BoundStar& star) {
  bound.star_tables.push_back(index);
  const std::vector<std::string>* columns = bound.table(index).columns;
  if (!columns) {
    star.complete = false;
    return;
  }
  // ShorthandProjectionSegmentBinder expands to the table's visible columns only.
  const config::TableMetadataConfig* metadata = bound.table(index).metadata;
  for (std::size_t j = 0; j < columns->size(); ++j) {
    if (metadata && !metadata->columns[j].visible) continue;
    bound.star_columns.push_back({index, ast::kNoQuery, static_cast<int32_t>(j)});
  }
}

void AppendDerived(const ast::Statement& statement, ast::QueryId derived, BoundStatement& bound, BoundStar& star) {
  const ast::Query& query = statement.queries[static_cast<std::size_t>(derived)];
  for (std::size_t k = 0; k < query.projections.size(); ++k) {
    if (!query.projections[k].star) {
      bound.star_columns.push_back({-1, derived, static_cast<int32_t>(k)});
      continue;
    }
    const BoundStar* inner = bound.StarOf(derived, static_cast<int32_t>(k));
    star.complete = star.complete && inner && inner->complete;
    if (!inner) continue;
    for (uint32_t c = inner->columns_begin; c < inner->columns_end; ++c) {
      StarColumn column = bound.star_columns[c];
      bound.star_columns.push_back(column);
    }
  }
}

// `*` / `t.*` of projection `index` of block `id` (kNoQuery: of RETURNING): the tables and derived
// tables it covers in FROM order, and their columns (ShardingSphere's ShorthandProjectionSegmentBinder).
BoundStar BindStar(const ast::Statement& statement, ast::QueryId id, std::size_t index, BoundStatement& bound) {
  static const std::vector<ast::QueryId> kNoDerived;
  bool returning = id == ast::kNoQuery;
  const ast::Query* query = returning ? nullptr : &statement.queries[static_cast<std::size_t>(id)];
  const std::vector<ast::QueryId>& derived_tables = returning ? kNoDerived : query->derived_tables;
  const std::optional<ast::Identifier>& owner = (returning ? statement.returning : query->projections)[index].star_owner;
  BoundStar star;
  star.query = id;
  star.projection = static_cast<int32_t>(index);
  star.tables_begin = static_cast<uint32_t>(bound.star_tables.size());
  star.columns_begin = static_cast<uint32_t>(bound.star_columns.size());
  Indexes tables = bound.BlockTables(id);
  const int32_t* table = tables.begin();
  auto derived = derived_tables.begin();
  while (table != tables.end() || derived != derived_tables.end()) {
    const ast::Query* sub = derived == derived_tables.end() ? nullptr : &statement.queries[static_cast<std::size_t>(*derived)];
    bool take_table = table != tables.end() &&
                      (!sub || statement.tables[static_cast<std::size_t>(*table)].span.begin < sub->span.begin);
    if (take_table) {
      if (!owner || EqualsIgnoreCase(VisibleName(statement.tables[static_cast<std::size_t>(*table)]), owner->name)) {
        AppendTable(*table, bound, star);
      }
      ++table;
      continue;
    }
    if (!owner || (sub->alias && EqualsIgnoreCase(sub->alias->name, owner->name))) AppendDerived(statement, *derived, bound, star);
    ++derived;
  }
  star.tables_end = static_cast<uint32_t>(bound.star_tables.size());
  star.columns_end = static_cast<uint32_t>(bound.star_columns.size());
  return star;
}

}  // namespace

void BindStars(const ast::Statement& statement, BoundStatement& bound) {
  for (std::size_t q = statement.queries.size(); q-- > 0;) {  // a derived table's block comes after its parent's
    const ast::Query& query = statement.queries[q];
    for (std::size_t i = 0; i < query.projections.size(); ++i) {
      if (query.projections[i].star) bound.stars.push_back(BindStar(statement, static_cast<ast::QueryId>(q), i, bound));
    }
  }
  for (std::size_t i = 0; i < statement.returning.size(); ++i) {
    if (statement.returning[i].star) bound.stars.push_back(BindStar(statement, ast::kNoQuery, i, bound));
  }
}

std::string_view VisibleName(const ast::Statement& statement, const ast::Projection& projection) {
  if (projection.alias) return projection.alias->name;
  if (projection.expr == ast::kNoExpr) return {};
  const ast::Expr& expr = statement.expr(projection.expr);
  if (expr.kind == ast::ExprKind::Column) return expr.column.name.name;
  return statement.text(expr.span);
}

const BoundStar* BoundStatement::StarOf(ast::QueryId query, int32_t projection) const {
  for (const BoundStar& star : stars) {
    if (star.query == query && star.projection == projection) return &star;
  }
  return nullptr;
}

}  // namespace sqlroute::bind
