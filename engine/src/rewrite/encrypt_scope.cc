#include "rewrite/encrypt_scope.h"

#include <algorithm>

#include "common/strings.h"

namespace sqlroute::rewrite {

EncryptScope::EncryptScope(const ast::Statement& statement, const bind::BoundStatement& bound)
    : statement_(statement), bound_(bound) {
  for (const auto& table : bound.tables) active_ = active_ || table.encrypt;
}

const rules::EncryptTable* EncryptScope::TableOf(const ast::TableRef& ref) const {
  return bound_.table(static_cast<int32_t>(&ref - statement_.tables.data())).encrypt;
}

std::optional<EncryptedRef> EncryptScope::Owned(const bind::ColumnOwner& owner, const std::string& column) const {
  if (owner.kind != bind::OwnerKind::Table) return std::nullopt;
  const rules::EncryptTable* table = bound_.table(owner.table).encrypt;
  const rules::EncryptColumn* encrypted = table ? table->Find(column) : nullptr;
  if (!encrypted) return std::nullopt;
  return EncryptedRef{&statement_.tables[static_cast<std::size_t>(owner.table)], encrypted};
}

std::optional<EncryptedRef> EncryptScope::Resolve(ast::ExprId column) const {
  return Owned(bound_.owner(column), statement_.expr(column).column.name.name);
}

std::optional<EncryptedRef> EncryptScope::ResolveAssignment(std::size_t index) const {
  return Owned(bound_.update_owners[index], statement_.update_set[index].column.name.name);
}

std::optional<EncryptedRef> EncryptScope::ThroughDerived(ast::ExprId column) const {
  const bind::ColumnOwner& owner = bound_.owner(column);
  if (owner.kind != bind::OwnerKind::DerivedColumn || owner.correlated || owner.projection < 0) return std::nullopt;
  const ast::Projection& projection =
      statement_.queries[static_cast<std::size_t>(owner.query)].projections[static_cast<std::size_t>(owner.projection)];
  if (projection.star) return ThroughStar(owner, statement_.expr(column).column.name.name);
  if (statement_.expr(projection.expr).kind != ast::ExprKind::Column) return std::nullopt;
  if (auto found = Resolve(projection.expr)) return found;
  return ThroughDerived(projection.expr);
}

std::optional<EncryptedRef> EncryptScope::ThroughStar(const bind::ColumnOwner& owner, const std::string& column) const {
  const bind::BoundStar* star = bound_.StarOf(owner.query, owner.projection);
  if (!star) return std::nullopt;
  for (int32_t index : bound_.StarTables(*star)) {
    const auto* columns = bound_.table(index).columns;
    bool owns = columns && std::any_of(columns->begin(), columns->end(),
                                       [&](const std::string& each) { return EqualsIgnoreCase(each, column); });
    if (!owns) continue;
    bind::ColumnOwner table;
    table.kind = bind::OwnerKind::Table;
    table.table = index;
    return Owned(table, column);
  }
  return std::nullopt;
}

}  // namespace sqlroute::rewrite
