// _core.Engine and _core.Plan: the engine, a route call with the GIL released, and the plan
// as plain Python data (tuples, lists, str) for the package to wrap.
#include <pybind11/pybind11.h>
#include <pybind11/stl.h>

#include "error_translation.h"
#include "sqlroute/engine.h"
#include "value_conversion.h"

namespace py = pybind11;

namespace sqlroute::bindings {
namespace {

std::map<std::string, std::vector<Value>> ValuesPerTable(py::handle mapping, const std::string& where) {
  std::map<std::string, std::vector<Value>> result;
  for (auto item : py::reinterpret_borrow<py::dict>(mapping)) {
    std::string table = item.first.cast<std::string>();
    result[table] = ToValues(item.second, where + "['" + table + "']");
  }
  return result;
}

// The dict built by sqlroute.Hints: only the keys that are set.
Hints HintsFromDict(const py::dict& fields) {
  Hints hints;
  for (auto item : fields) {
    const std::string key = item.first.cast<std::string>();
    py::handle value = item.second;
    if (key == "database_values") hints.database_values = ValuesPerTable(value, "hints.database_values");
    else if (key == "table_values") hints.table_values = ValuesPerTable(value, "hints.table_values");
    else if (key == "database_value_only") hints.database_value_only = ToValue(value, "hints.database_value_only");
    else if (key == "data_source_name") hints.data_source_name = value.cast<std::string>();
    else if (key == "write_route_only") hints.write_route_only = value.cast<bool>();
    else if (key == "shadow") hints.shadow = value.cast<bool>();
    else if (key == "skip_sql_rewrite") hints.skip_sql_rewrite = value.cast<bool>();
    else if (key == "disable_audit_names") hints.disable_audit_names = value.cast<std::vector<std::string>>();
    else throw py::value_error("unknown hint `" + key + "`");
  }
  return hints;
}

Plan RouteWithoutGil(const Engine& engine, const std::string& sql, py::handle params, py::handle hints) {
  std::vector<Value> values = params.is_none() ? std::vector<Value>{} : ToValues(params, "params");
  Hints call_hints = hints.is_none() ? Hints{} : HintsFromDict(py::reinterpret_borrow<py::dict>(hints));
  py::gil_scoped_release release;
  return GuardEngineCall([&] { return engine.Route(sql, values, call_hints); });
}

template <typename Load>
Engine LoadWithoutGil(Load&& load) {
  py::gil_scoped_release release;
  return GuardEngineCall(load);
}

py::list Units(const Plan& plan) {
  py::list result;
  for (const SqlUnit& unit : plan.units) result.append(py::make_tuple(unit.data_source, unit.sql, ToPythonList(unit.params)));
  return result;
}

py::list RouteUnits(const Plan& plan) {
  py::list result;
  for (const RouteUnit& unit : plan.route_units) {
    py::list tables;
    for (const TableMapping& mapping : unit.tables) tables.append(py::make_tuple(mapping.logic, mapping.actual));
    result.append(py::make_tuple(unit.logic_data_source, unit.data_source, tables));
  }
  return result;
}

py::list Decisions(const Plan& plan) {
  py::list result;
  for (const RouteDecision& d : plan.decisions) {
    result.append(py::make_tuple(d.table, d.column, d.algorithm, d.condition, py::cast(d.targets), d.database_level));
  }
  return result;
}

}  // namespace

void RegisterEngine(py::module_& module) {
  py::class_<Plan>(module, "Plan", "A routed statement (native); sqlroute.Plan wraps it.")
      .def_property_readonly("logic_sql", [](const Plan& p) { return p.logic_sql; })
      .def_property_readonly("statement_kind", [](const Plan& p) { return p.statement_kind; })
      .def_property_readonly("route_type", [](const Plan& p) { return std::string(RouteTypeName(p.route_type)); })
      .def_property_readonly("units", &Units, "[(data_source, sql, [params])]")
      .def_property_readonly("route_units", &RouteUnits, "[(logic_data_source, data_source, [(logic, actual)])]")
      .def_property_readonly("decisions", &Decisions,
                             "[(table, column, algorithm, condition, [targets], database_level)]")
      .def_property_readonly("warnings", [](const Plan& p) { return p.warnings; })
      .def("explain", &Plan::Explain, "The readable explain table.");

  py::class_<Engine>(module, "Engine", "Compiled rules (native); sqlroute.Engine wraps it.")
      .def_static(
          "from_yaml_file", [](const std::string& path) { return LoadWithoutGil([&] { return Engine::FromYamlFile(path); }); },
          py::arg("path"))
      .def_static(
          "from_yaml_string",
          [](const std::string& text) { return LoadWithoutGil([&] { return Engine::FromYamlString(text); }); },
          py::arg("text"))
      .def("route", &RouteWithoutGil, py::arg("sql"), py::arg("params") = py::none(), py::arg("hints") = py::none(),
           "Routes one statement; `hints` is a dict of the sqlroute.Hints fields that are set.")
      .def_property_readonly("database_name", [](const Engine& e) { return e.rules()->database_name(); })
      .def_property_readonly("data_source_names", [](const Engine& e) { return e.rules()->data_source_names(); });
}

}  // namespace sqlroute::bindings
