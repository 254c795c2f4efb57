// _core.parse: the statement model reduced to what Python users inspect (kind, tables, params).
#include <pybind11/pybind11.h>

#include "ast/statement.h"
#include "error_translation.h"
#include "parser/sql_parser.h"

namespace py = pybind11;

namespace sqlroute::bindings {
namespace {

py::object OptionalName(const std::optional<ast::Identifier>& identifier) {
  return identifier ? py::object(py::str(identifier->name)) : py::object(py::none());
}

// (kind, [(name, schema, alias)], parameter count)
py::tuple Parse(const std::string& sql) {
  ast::Statement statement;
  {
    py::gil_scoped_release release;
    statement = GuardEngineCall([&] { return parser::Parse(sql); });
  }
  py::list tables;
  for (const ast::TableRef& table : statement.tables) {
    tables.append(py::make_tuple(table.name.name, OptionalName(table.schema), OptionalName(table.alias)));
  }
  return py::make_tuple(std::string(ast::KindName(statement.kind)), tables, statement.param_markers.size());
}

}  // namespace

void RegisterParse(py::module_& module) {
  module.def("parse", &Parse, py::arg("sql"),
             "Parses one MySQL statement: (kind, [(name, schema, alias)], parameter count).");
}

}  // namespace sqlroute::bindings
