#pragma once
// Which logic table a column belongs to: owners (table names and aliases) and, for
// unqualified columns, table metadata or the sharding columns of the tables in scope.
#include <string>
#include <vector>

#include "ast/statement.h"
#include "rules/compiled_rules.h"

namespace sqlroute::route {

class TableScope {
 public:
  TableScope(const ast::Statement& statement, const rules::CompiledRules& rules, std::vector<int32_t> table_indexes);

  // The sharding table the column belongs to, or nullptr (not a sharding table / unknown).
  const rules::ShardingTable* Resolve(const ast::ColumnRef& column) const;
  const std::vector<int32_t>& table_indexes() const { return table_indexes_; }

 private:
  const ast::TableRef* ResolveRef(const ast::ColumnRef& column) const;
  const ast::Statement& statement_;
  const rules::CompiledRules& rules_;
  std::vector<int32_t> table_indexes_;
};

}  // namespace sqlroute::route
