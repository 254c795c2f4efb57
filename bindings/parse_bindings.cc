// _core.parse: the statement model reduced to what Python users inspect.
#include <pybind11/pybind11.h>

#include "ast/statement.h"
#include "ast/statement_outline.h"
#include "error_translation.h"
#include "gil.h"
#include "parser/sql_parser.h"

namespace py = pybind11;

namespace sqlroute::bindings {
namespace {

const char* RoleName(ast::TableRole role) {
  switch (role) {
    case ast::TableRole::From: return "from";
    case ast::TableRole::InsertTarget: return "insert";
    case ast::TableRole::UpdateTarget: return "update";
    case ast::TableRole::DeleteTarget: return "delete";
    case ast::TableRole::Ddl: return "ddl";
    case ast::TableRole::DdlReference: return "reference";
    case ast::TableRole::Other: return "other";
  }
  return "other";
}

py::object OptionalName(const std::optional<ast::Identifier>& identifier) {
  return identifier ? py::object(py::str(identifier->name)) : py::object(py::none());
}

py::list Names(const std::vector<ast::Identifier>& identifiers) {
  py::list result;
  for (const auto& identifier : identifiers) result.append(identifier.name);
  return result;
}

py::list Strings(const std::vector<std::string>& texts) {
  py::list result;
  for (const auto& text : texts) result.append(text);
  return result;
}

py::dict Parse(const std::string& sql) {
  ast::Statement statement;
  {
    GilRelease release;
    statement = GuardEngineCall([&] { return parser::Parse(sql); });
  }
  py::list tables;
  for (const ast::TableRef& table : statement.tables) {
    tables.append(py::make_tuple(table.name.name, OptionalName(table.schema), OptionalName(table.alias),
                                 RoleName(table.role)));
  }
  py::list comments;
  for (const ast::Comment& comment : statement.comments) comments.append(comment.text);
  py::dict result;
  result["kind"] = ast::KindName(statement.kind);
  result["tables"] = tables;
  result["params"] = statement.param_markers.size();
  result["schemas"] = Names(statement.schema_names);
  result["indexes"] = Names(statement.index_names);
  result["constraints"] = Names(statement.constraint_names);
  result["comments"] = comments;
  result["joins"] = Strings(ast::JoinOutlines(statement));
  result["variables"] = Strings(ast::VariableOutlines(statement));
  result["windows"] = Strings(ast::WindowOutlines(statement));
  result["call_orders"] = Strings(ast::CallOrderOutlines(statement));
  return result;
}

}  // namespace

void RegisterParse(py::module_& module) {
  module.def("parse", &Parse, py::arg("sql"),
             "Parses one MySQL statement: a dict with kind, tables [(name, schema, alias, role)], params "
             "(count), schemas, indexes, constraints (names), comments (texts) and outlines of joins, SET "
             "variables, windows and ORDER BY inside calls.");
}

}  // namespace sqlroute::bindings
