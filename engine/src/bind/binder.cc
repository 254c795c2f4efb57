#include "bind/binding_steps.h"

namespace sqlroute::bind {

BoundStatement Bind(const ast::Statement& statement, const rules::CompiledRules& rules) {
  BoundStatement bound;
  BindTables(statement, rules, bound);
  BindBlocks(statement, bound);
  BindStars(statement, bound);
  bound.exprs.resize(statement.exprs.size());
  BindColumns(statement, bound);
  BindValues(statement, bound);
  return bound;
}

std::size_t BoundStatement::ApproxBytes() const {
  return tables.capacity() * sizeof(BoundTable) + exprs.capacity() * sizeof(BoundExpr) +
         slots.capacity() * sizeof(ValueSlot) + qualified_columns.capacity() * sizeof(ast::ExprId) + (update_owners.capacity() + duplicate_owners.capacity()) * sizeof(ColumnOwner) +
         (blocks.capacity() + star_tables.capacity()) * sizeof(int32_t) + stars.capacity() * sizeof(BoundStar) +
         star_columns.capacity() * sizeof(StarColumn);
}

}  // namespace sqlroute::bind
