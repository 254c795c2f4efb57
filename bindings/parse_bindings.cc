// _core.parse: the statement model reduced to what Python users inspect.
#include <pybind11/pybind11.h>
#include <pybind11/stl.h>

#include "error_translation.h"
#include "gil.h"
#include "sqlroute/outline.h"

namespace py = pybind11;

namespace sqlroute::bindings {
namespace {

py::dict Parse(const std::string& sql) {
  StatementOutline statement;
  {
    GilRelease release;
    statement = GuardEngineCall([&] { return OutlineStatement(sql); });
  }
  py::list tables;
  for (const TableOutline& table : statement.tables) {
    tables.append(py::make_tuple(table.name, table.schema, table.alias, table.role));
  }
  py::dict result;
  result["kind"] = statement.kind;
  result["tables"] = tables;
  result["params"] = statement.params;
  result["schemas"] = statement.schemas;
  result["indexes"] = statement.indexes;
  result["constraints"] = statement.constraints;
  result["comments"] = statement.comments;
  result["joins"] = statement.joins;
  result["variables"] = statement.variables;
  result["windows"] = statement.windows;
  result["call_orders"] = statement.call_orders;
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
