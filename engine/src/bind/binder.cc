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

}  // namespace sqlroute::bind
