#pragma once
// The steps of bind::Bind, in their order: tables, blocks, `*` projections, columns and values.
#include <string_view>

#include "bind/bound_statement.h"

namespace sqlroute::bind {

void BindTables(const ast::Statement& statement, const rules::CompiledRules& rules, BoundStatement& bound);
void BindBlocks(const ast::Statement& statement, BoundStatement& bound);
void BindStars(const ast::Statement& statement, BoundStatement& bound);
void BindColumns(const ast::Statement& statement, BoundStatement& bound);
void BindValues(const ast::Statement& statement, BoundStatement& bound);

// The name a projection's column is known by outside its block: its alias, a column's name,
// else the expression's text.
std::string_view VisibleName(const ast::Statement& statement, const ast::Projection& projection);
// The name column `projection` of a derived table or CTE is known by outside it: its column
// list's entry, else VisibleName ("" when a column list covers a `*`: it names what `*` stands for).
std::string_view ColumnName(const ast::Statement& statement, ast::QueryId query, std::size_t projection);
// The name of a column a `*` stands for.
std::string_view StarColumnName(const ast::Statement& statement, const BoundStatement& bound, const StarColumn& column);
// The name a table reference is known by in its block: its alias, else its name.
inline const std::string& VisibleName(const ast::TableRef& ref) { return ref.alias ? ref.alias->name : ref.name.name; }

}  // namespace sqlroute::bind
