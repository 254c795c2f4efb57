#include "rewrite/encrypt_scope.h"

#include "common/strings.h"

namespace sqlroute::rewrite {
namespace {

bool IsDataTable(const ast::TableRef& ref) {
  return ref.role != ast::TableRole::Ddl && ref.role != ast::TableRole::DdlReference && ref.role != ast::TableRole::Other;
}

}  // namespace

EncryptScope::EncryptScope(const ast::Statement& statement, const rules::CompiledRules& rules)
    : statement_(statement), rules_(rules) {
  if (!rules.encrypt) return;
  for (const auto& ref : statement.tables) {
    if (TableOf(ref)) active_ = true;
  }
}

const rules::EncryptTable* EncryptScope::TableOf(const ast::TableRef& ref) const {
  if (!rules_.encrypt || !IsDataTable(ref)) return nullptr;
  if (ref.schema && !EqualsIgnoreCase(ref.schema->name, rules_.config.database_name)) return nullptr;
  return rules_.encrypt->Find(ref.name.name);
}

std::vector<const ast::TableRef*> EncryptScope::TablesOf(ast::QueryId query) const {
  std::vector<const ast::TableRef*> result;
  for (const auto& ref : statement_.tables) {
    if (ref.query == query && IsDataTable(ref)) result.push_back(&ref);
  }
  return result;
}

bool EncryptScope::HasColumn(const ast::TableRef& ref, const std::string& column) const {
  if (const auto* columns = rules_.ColumnsOf(ref.name.name)) {
    for (const auto& each : *columns) {
      if (EqualsIgnoreCase(each, column)) return true;
    }
    return false;
  }
  const rules::EncryptTable* table = TableOf(ref);
  return table && table->Find(column);
}

std::optional<EncryptedRef> EncryptScope::Resolve(const ast::ColumnRef& column, ast::QueryId query) const {
  for (ast::QueryId each = query;; each = statement_.queries[static_cast<std::size_t>(each)].parent) {
    if (auto found = ResolveIn(column, each)) return found->table ? found : std::nullopt;
    if (each == ast::kNoQuery) return std::nullopt;
  }
}

std::optional<EncryptedRef> EncryptScope::ThroughDerived(const ast::ColumnRef& column, ast::QueryId query) const {
  if (query == ast::kNoQuery) return std::nullopt;
  for (ast::QueryId id : statement_.queries[static_cast<std::size_t>(query)].derived_tables) {
    const ast::Query& derived = statement_.queries[static_cast<std::size_t>(id)];
    if (column.owner && (!derived.alias || !EqualsIgnoreCase(derived.alias->name, column.owner->name))) continue;
    for (const auto& projection : derived.projections) {
      if (projection.star || projection.expr == ast::kNoExpr) continue;
      const ast::Expr& expr = statement_.expr(projection.expr);
      if (expr.kind != ast::ExprKind::Column) continue;
      const std::string& visible = projection.alias ? projection.alias->name : expr.column.name.name;
      if (!EqualsIgnoreCase(visible, column.name.name)) continue;
      if (auto found = Resolve(expr.column, id)) return found;
      if (auto deeper = ThroughDerived(expr.column, id)) return deeper;
    }
  }
  return std::nullopt;
}

// nullopt: not found in this block; an empty EncryptedRef: found, but not encrypted.
std::optional<EncryptedRef> EncryptScope::ResolveIn(const ast::ColumnRef& column, ast::QueryId query) const {
  std::vector<const ast::TableRef*> tables = TablesOf(query);
  const ast::TableRef* owner = nullptr;
  if (column.owner) {
    for (const ast::TableRef* ref : tables) {
      const std::string& visible = ref->alias ? ref->alias->name : ref->name.name;
      if (EqualsIgnoreCase(visible, column.owner->name)) owner = ref;
    }
    if (!owner) return std::nullopt;
  } else if (tables.size() == 1) {
    owner = tables.front();
  } else {
    for (const ast::TableRef* ref : tables) {
      if (HasColumn(*ref, column.name.name)) {
        owner = ref;
        break;
      }
    }
    if (!owner) return std::nullopt;
  }
  const rules::EncryptTable* table = TableOf(*owner);
  const rules::EncryptColumn* encrypted = table ? table->Find(column.name.name) : nullptr;
  if (!encrypted) return EncryptedRef{};
  return EncryptedRef{owner, encrypted};
}

}  // namespace sqlroute::rewrite
