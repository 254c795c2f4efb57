#include "route/table_scope.h"

#include "common/strings.h"

namespace sqlroute::route {

TableScope::TableScope(const ast::Statement& statement, const rules::CompiledRules& rules,
                       std::vector<int32_t> table_indexes)
    : statement_(statement), rules_(rules), table_indexes_(std::move(table_indexes)) {}

const ast::TableRef* TableScope::ResolveRef(const ast::ColumnRef& column) const {
  if (column.owner) {
    for (int32_t index : table_indexes_) {
      const ast::TableRef& ref = statement_.tables[static_cast<std::size_t>(index)];
      if (ref.alias ? EqualsIgnoreCase(ref.alias->name, column.owner->name)
                    : EqualsIgnoreCase(ref.name.name, column.owner->name)) {
        return &ref;
      }
    }
    return nullptr;
  }
  if (table_indexes_.size() == 1) return &statement_.tables[static_cast<std::size_t>(table_indexes_.front())];
  std::string lower = ToLower(column.name.name);
  const ast::TableRef* by_metadata = nullptr;
  const ast::TableRef* by_sharding_column = nullptr;
  int sharding_matches = 0;
  for (int32_t index : table_indexes_) {
    const ast::TableRef& ref = statement_.tables[static_cast<std::size_t>(index)];
    if (const auto* columns = rules_.ColumnsOf(ref.name.name)) {
      for (const auto& each : *columns) {
        if (EqualsIgnoreCase(each, lower) && !by_metadata) by_metadata = &ref;
      }
    }
    const rules::ShardingTable* table = rules_.sharding ? rules_.sharding->Find(ref.name.name) : nullptr;
    if (table && table->IsShardingColumn(lower)) {
      by_sharding_column = &ref;
      ++sharding_matches;
    }
  }
  if (by_metadata) return by_metadata;
  return sharding_matches == 1 ? by_sharding_column : nullptr;
}

const rules::ShardingTable* TableScope::Resolve(const ast::ColumnRef& column) const {
  if (!rules_.sharding) return nullptr;
  const ast::TableRef* ref = ResolveRef(column);
  return ref ? rules_.sharding->Find(ref->name.name) : nullptr;
}

}  // namespace sqlroute::route
