// OutlineStatement: the statement model reduced to what inspection tools show.
#include "ast/statement.h"
#include "ast/statement_outline.h"
#include "parser/sql_parser.h"
#include "sqlroute/outline.h"

namespace sqlroute {
namespace {

std::optional<std::string> OptionalName(const std::optional<ast::Identifier>& identifier) {
  if (!identifier) return std::nullopt;
  return identifier->name;
}

std::vector<std::string> Names(const std::vector<ast::Identifier>& identifiers) {
  std::vector<std::string> result;
  result.reserve(identifiers.size());
  for (const ast::Identifier& identifier : identifiers) result.push_back(identifier.name);
  return result;
}

}  // namespace

StatementOutline OutlineStatement(std::string_view sql) {
  const ast::Statement statement = parser::Parse(sql);
  StatementOutline result;
  result.kind = ast::KindName(statement.kind);
  for (const ast::TableRef& table : statement.tables) {
    result.tables.push_back(
        TableOutline{table.name.name, OptionalName(table.schema), OptionalName(table.alias), ast::TableRoleName(table.role)});
  }
  result.params = statement.param_markers.size();
  result.schemas = Names(statement.schema_names);
  result.indexes = Names(statement.index_names);
  result.constraints = Names(statement.constraint_names);
  for (const ast::Comment& comment : statement.comments) result.comments.push_back(comment.text);
  result.joins = ast::JoinOutlines(statement);
  result.variables = ast::VariableOutlines(statement);
  result.windows = ast::WindowOutlines(statement);
  result.call_orders = ast::CallOrderOutlines(statement);
  return result;
}

}  // namespace sqlroute
