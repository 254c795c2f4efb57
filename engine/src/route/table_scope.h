#pragma once
// The sharding table a column of a block's conditions belongs to, read from the bound
// statement: the owner the binder found in the column's own block, followed through derived
// tables to the column a derived table projects (ShardingSphere's ColumnSegmentBoundInfo
// original table and column, which WhereClauseShardingConditionEngine reads).
#include <string_view>

#include "ast/statement.h"
#include "bind/bound_statement.h"
#include "rules/compiled_rules.h"

namespace sqlroute::route {

// A column's table and its name there: `oid` of `(SELECT order_id AS oid FROM t_order) d` is
// t_order's `order_id`.
struct ColumnOrigin {
  const rules::ShardingTable* table = nullptr;
  std::string_view column;
};

class TableScope {
 public:
  TableScope(const ast::Statement& statement, const bind::BoundStatement& bound) : statement_(statement), bound_(bound) {}

  // The sharding table and original name of a column expression; no table when it is not a
  // sharding table's column, unknown, or a correlated reference to an enclosing block.
  ColumnOrigin Origin(ast::ExprId column) const;
  const rules::ShardingTable* Resolve(ast::ExprId column) const { return Origin(column).table; }
  // The sharding table of the column of UPDATE's assignment `index`, or nullptr.
  const rules::ShardingTable* ResolveAssignment(std::size_t index) const { return Owned(bound_.update_owners[index]); }

 private:
  const rules::ShardingTable* Owned(const bind::ColumnOwner& owner) const {
    if (owner.kind != bind::OwnerKind::Table || owner.correlated) return nullptr;
    return bound_.table(owner.table).sharding;
  }
  ColumnOrigin ThroughDerived(ast::QueryId derived, int32_t projection, std::string_view name, int depth) const;
  ColumnOrigin Follow(ast::ExprId column, int depth) const;

  const ast::Statement& statement_;
  const bind::BoundStatement& bound_;
};

}  // namespace sqlroute::route
