#pragma once
// The sharding table a column of a block's conditions belongs to, read from the bound
// statement: the owner the binder found in the column's own block.
#include "ast/statement.h"
#include "bind/bound_statement.h"
#include "rules/compiled_rules.h"

namespace sqlroute::route {

class TableScope {
 public:
  explicit TableScope(const bind::BoundStatement& bound) : bound_(bound) {}

  // The sharding table of a column expression, or nullptr (not a sharding table / unknown /
  // a correlated reference to an enclosing block).
  const rules::ShardingTable* Resolve(ast::ExprId column) const { return Owned(bound_.owner(column)); }
  // The sharding table of the column of UPDATE's assignment `index`, or nullptr.
  const rules::ShardingTable* ResolveAssignment(std::size_t index) const { return Owned(bound_.update_owners[index]); }

 private:
  const rules::ShardingTable* Owned(const bind::ColumnOwner& owner) const {
    if (owner.kind != bind::OwnerKind::Table || owner.correlated) return nullptr;
    return bound_.table(owner.table).sharding;
  }

  const bind::BoundStatement& bound_;
};

}  // namespace sqlroute::route
