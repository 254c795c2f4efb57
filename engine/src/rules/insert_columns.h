#pragma once
// The columns an INSERT writes, as the sharding and encrypt rules read them: the written list,
// else the table metadata the rules hold (minus a generated key column the rows leave out).
#include <string>
#include <vector>

#include "ast/statement.h"
#include "rules/compiled_rules.h"

namespace sqlroute::rules {

// The columns an INSERT (or REPLACE) without a column list names: the table's visible columns in
// ordinal order (InsertStatementBaseContext, ShardingSphereSchema::getVisibleColumnNames); empty
// when the metadata does not know the table.
std::vector<std::string> DefaultInsertColumns(const ast::Statement& statement, const CompiledRules& rules);

std::vector<std::string> InsertColumns(const ast::Statement& statement, const CompiledRules& rules,
                                       const ShardingTable* table);
// The index of `name` among `columns` (case-insensitive), or -1.
int FindColumn(const std::vector<std::string>& columns, const std::string& name);

}  // namespace sqlroute::rules
