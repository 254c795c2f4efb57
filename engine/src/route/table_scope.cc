#include "route/table_scope.h"

#include "bind/binding_steps.h"
#include "common/strings.h"

namespace sqlroute::route {
namespace {

constexpr int kMaxDepth = 64;  // derived tables nest at most as deep as the parser allows

}  // namespace

ColumnOrigin TableScope::Origin(ast::ExprId column) const { return Follow(column, 0); }

ColumnOrigin TableScope::Follow(ast::ExprId column, int depth) const {
  const ast::Expr& expr = statement_.expr(column);
  const bind::ColumnOwner& owner = bound_.owner(column);
  if (owner.correlated || depth > kMaxDepth) return {};
  if (owner.kind == bind::OwnerKind::Table) return {bound_.table(owner.table).sharding, expr.column.name.name};
  if (owner.kind == bind::OwnerKind::DerivedColumn && owner.projection >= 0) {
    return ThroughDerived(owner.query, owner.projection, expr.column.name.name, depth + 1);
  }
  return {};
}

// Projection `projection` of derived table `derived`, named `name` by the enclosing block: a
// plain column is followed to its own owner; a `*` to the table column of that name it stands for.
ColumnOrigin TableScope::ThroughDerived(ast::QueryId derived, int32_t projection, std::string_view name,
                                        int depth) const {
  const ast::Projection& item =
      statement_.queries[static_cast<std::size_t>(derived)].projections[static_cast<std::size_t>(projection)];
  if (!item.star) {
    if (item.expr == ast::kNoExpr || statement_.expr(item.expr).kind != ast::ExprKind::Column) return {};
    return Follow(item.expr, depth);
  }
  const bind::BoundStar* star = bound_.StarOf(derived, projection);
  for (uint32_t c = star ? star->columns_begin : 0; star && c < star->columns_end; ++c) {
    const bind::StarColumn& each = bound_.star_columns[c];
    if (each.table >= 0) {
      const std::string& column = (*bound_.table(each.table).columns)[static_cast<std::size_t>(each.column)];
      if (EqualsIgnoreCase(column, name)) return {bound_.table(each.table).sharding, column};
      continue;
    }
    std::string_view visible = bind::ColumnName(statement_, each.derived, static_cast<std::size_t>(each.column));
    if (EqualsIgnoreCase(visible, name)) return ThroughDerived(each.derived, each.column, name, depth + 1);
  }
  return {};
}

}  // namespace sqlroute::route
