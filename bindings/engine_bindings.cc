// _core.Engine and _core.Plan: the engine, a route call with the GIL released, and the plan
// as plain Python data (tuples, lists, str) for the package to wrap. Every engine call that
// may compile rules or run algorithms releases the GIL (Python algorithms take it back).
#include <pybind11/pybind11.h>
#include <pybind11/stl.h>

#include "error_translation.h"
#include "gil.h"
#include "session_binding.h"
#include "sqlroute/engine.h"
#include "sqlroute/error_text.h"
#include "value_conversion.h"

namespace py = pybind11;

namespace sqlroute::bindings {
namespace {

// The keys Hints.to_native writes (python/sqlroute/hints.py), as its unknown-key error lists them.
constexpr const char* kHintKeys =
    "data_source_name, database_value_only, database_values, disable_audit_names, shadow, skip_metadata_validate, "
    "skip_sql_rewrite, table_values, write_route_only";

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
    else if (key == "skip_metadata_validate") hints.skip_metadata_validate = value.cast<bool>();
    else if (key == "disable_audit_names") hints.disable_audit_names = value.cast<std::vector<std::string>>();
    else throw Error(Message<msg::HintUnknownKeys>(arg::names = key, arg::known = kHintKeys));
  }
  return hints;
}

// `session` (a _core.Session or None) is locked for the call, after the GIL is released.
Plan RouteWithoutGil(const Engine& engine, const std::string& sql, py::handle params, py::handle hints,
                     SessionHandle* session) {
  std::vector<Value> values = params.is_none() ? std::vector<Value>{} : ToValues(params, "params");
  Hints call_hints = hints.is_none() ? Hints{} : HintsFromDict(py::reinterpret_borrow<py::dict>(hints));
  GilRelease release;
  if (!session) return GuardEngineCall([&] { return engine.Route(sql, values, call_hints); });
  std::lock_guard<std::mutex> lock(session->mutex);
  return GuardEngineCall([&] { return engine.Route(sql, values, call_hints, &session->state); });
}

std::vector<Plan> RouteStatementsWithoutGil(const Engine& engine, const std::string& text, py::handle params,
                                            py::handle hints, SessionHandle* session) {
  std::vector<Value> values = params.is_none() ? std::vector<Value>{} : ToValues(params, "params");
  Hints call_hints = hints.is_none() ? Hints{} : HintsFromDict(py::reinterpret_borrow<py::dict>(hints));
  GilRelease release;
  if (!session) return GuardEngineCall([&] { return engine.RouteStatements(text, values, call_hints); });
  std::lock_guard<std::mutex> lock(session->mutex);
  return GuardEngineCall([&] { return engine.RouteStatements(text, values, call_hints, &session->state); });
}

// Per (data source, actual SQL): (data_source, sql, [param sets], [input indexes]).
py::list RouteBatchWithoutGil(const Engine& engine, const std::string& sql, py::handle param_sets, py::handle hints) {
  std::vector<std::vector<Value>> sets;
  std::size_t index = 0;
  for (py::handle each : param_sets) {
    sets.push_back(ToValues(each, "param_sets[" + std::to_string(index++) + "]"));
  }
  Hints call_hints = hints.is_none() ? Hints{} : HintsFromDict(py::reinterpret_borrow<py::dict>(hints));
  BatchPlan batch;
  {
    GilRelease release;
    batch = GuardEngineCall([&] { return engine.RouteBatch(sql, sets, call_hints); });
  }
  py::list result;
  for (const BatchUnit& unit : batch.units) {
    py::list params;
    for (const auto& set : unit.param_sets) params.append(ToPythonList(set));
    result.append(py::make_tuple(unit.data_source, unit.sql, params, py::cast(unit.inputs)));
  }
  return result;
}

py::tuple ColumnRef(const MergeColumn& column) {
  return py::make_tuple(column.label, column.index < 0 ? py::object(py::none()) : py::int_(column.index));
}

py::list DecryptColumns(const Plan& plan) {
  py::list result;
  for (const DecryptColumn& d : plan.merge.decrypt) {
    result.append(py::make_tuple(ColumnRef(d.column), d.table, d.logic_column, d.encryptor));
  }
  return result;
}

py::object Decrypt(const Engine& engine, const std::string& encryptor, py::handle cipher) {
  Value value = ToValue(cipher, "value");
  Value plain;
  {
    GilRelease release;
    plain = GuardEngineCall([&] { return engine.rules()->Decrypt(encryptor, value); });
  }
  return ToPython(plain);
}

py::list DecryptRow(const Engine& engine, const Plan& plan, const std::vector<std::string>& labels, py::handle row) {
  std::vector<Value> values = ToValues(row, "row");
  {
    GilRelease release;
    GuardEngineCall([&] { engine.rules()->DecryptRow(plan.merge.decrypt, labels, values); });
  }
  return ToPythonList(values);
}

template <typename Load>
Engine LoadWithoutGil(Load&& load) {
  GilRelease release;
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

py::list ScatterReasons(const Plan& plan) {
  py::list result;
  for (const ScatterReason& reason : plan.scatter_reasons) {
    result.append(py::make_tuple(std::string(ScatterCodeName(reason.code)), std::string(ScatterLevelName(reason.level)),
                                 reason.table, reason.message()));
  }
  return result;
}

}  // namespace

void RegisterEngine(py::module_& module) {
  module.def(
      "raise_metadata_load_failed",
      [](const std::string& data_source, const std::string& detail) {
        throw Error(Message<msg::MetadataUnreadable>(arg::data_source = data_source, arg::detail = detail));
      },
      py::arg("data_source"), py::arg("detail"), "Raises METADATA_LOAD_FAILED naming the data source.");
  py::class_<Plan>(module, "Plan", "A routed statement (native); sqlroute.Plan wraps it.")
      .def_property_readonly("logic_sql", [](const Plan& p) { return p.logic_sql; })
      .def_property_readonly("statement_kind", [](const Plan& p) { return p.statement_kind; })
      .def_property_readonly("route_type", [](const Plan& p) { return std::string(RouteTypeName(p.route_type)); })
      .def_property_readonly("units", &Units, "[(data_source, sql, [params])]")
      .def_property_readonly("route_units", &RouteUnits, "[(logic_data_source, data_source, [(logic, actual)])]")
      .def_property_readonly("decisions", &Decisions,
                             "[(table, column, algorithm, condition, [targets], database_level)]")
      .def_property_readonly("warnings", [](const Plan& p) { return p.warnings; })
      .def_property_readonly("notes", [](const Plan& p) { return p.notes; })
      .def_property_readonly("generated_keys", [](const Plan& p) { return ToPythonList(p.generated_keys); })
      .def_property_readonly("scatter_reasons", &ScatterReasons, "[(code, level, table, message)]")
      .def_property_readonly("session_statement", [](const Plan& p) { return p.session_statement; })
      .def_property_readonly("decrypt_columns", &DecryptColumns,
                             "[((label, index or None), table, logic_column, encryptor)]: encrypted result columns")
      .def("explain", &Plan::Explain, "The readable explain table.");

  py::class_<Engine>(module, "Engine", "Compiled rules (native); sqlroute.Engine wraps it.")
      .def_static(
          "from_yaml_file", [](const std::string& path) { return LoadWithoutGil([&] { return Engine::FromYamlFile(path); }); },
          py::arg("path"))
      .def_static(
          "from_yaml_string",
          [](const std::string& text) { return LoadWithoutGil([&] { return Engine::FromYamlString(text); }); },
          py::arg("text"))
      .def_static(
          "from_distsql",
          [](const std::string& script) { return LoadWithoutGil([&] { return Engine::FromDistSql(script); }); },
          py::arg("script"))
      .def("route", &RouteWithoutGil, py::arg("sql"), py::arg("params") = py::none(), py::arg("hints") = py::none(),
           py::arg("session") = nullptr,
           "Routes one statement; `hints` is a dict of the sqlroute.Hints fields that are set; `session` is updated.")
      .def("route_all", &RouteStatementsWithoutGil, py::arg("text"), py::arg("params") = py::none(),
           py::arg("hints") = py::none(), py::arg("session") = nullptr,
           "Routes each statement of a multi-statement text in order: one plan per statement.")
      .def("route_batch", &RouteBatchWithoutGil, py::arg("sql"), py::arg("param_sets"), py::arg("hints") = py::none(),
           "Routes a prepared statement once per parameter set and groups the sets by (data source, SQL).")
      .def(
          "apply_distsql",
          [](Engine& engine, const std::string& script) {
            GilRelease release;
            GuardEngineCall([&] { engine.ApplyDistSql(script); });
          },
          py::arg("script"), "Compiles the live rules with `script` applied and swaps them in atomically.")
      .def(
          "with_metadata",
          [](const Engine& engine, const std::string& text) {
            return LoadWithoutGil([&] { return Engine(engine.rules()->WithMetadata(text)); });
          },
          py::arg("text"), "A new engine: these rules plus table metadata given as YAML or JSON text.")
      .def(
          "with_discovered_metadata",
          [](const Engine& engine, const std::string& text) {
            return LoadWithoutGil([&] { return Engine(engine.rules()->WithDiscoveredMetadata(text)); });
          },
          py::arg("text"), "A new engine whose metadata is the storage units' tables, folded into the logical view.")
      .def_property_readonly("metadata_storage_units", [](const Engine& e) { return e.rules()->MetadataStorageUnits(); })
      .def("export_metadata_yaml", [](const Engine& engine) { return engine.rules()->ExportMetadataYaml(); },
           "The `metadata:` section alone.")
      .def(
          "export_yaml",
          [](const Engine& engine, bool include_secrets) { return engine.rules()->ExportYaml(include_secrets); },
          py::arg("include_secrets") = false, "The rules as canonical ShardingSphere 5.5 YAML.")
      .def("decrypt", &Decrypt, py::arg("encryptor"), py::arg("value"), "Decrypts one value with a named encryptor.")
      .def("decrypt_row", &DecryptRow, py::arg("plan"), py::arg("labels"), py::arg("row"),
           "The row with the plan's encrypted columns decrypted.")
      .def(
          "with_disabled_read_data_sources",
          [](const Engine& engine, const std::string& group, const std::vector<std::string>& names) {
            return LoadWithoutGil([&] { return Engine(engine.rules()->WithDisabledReadDataSources(group, names)); });
          },
          py::arg("group"), py::arg("names"),
          "A new engine: these rules with the replicas `names` of read/write group `group` disabled.")
      .def(
          "reload_from",
          [](Engine& engine, const Engine& other) {
            GilRelease release;
            GuardEngineCall([&] { engine.Reload(other.rules()); });
          },
          py::arg("other"), "Swaps in the rules of `other` atomically (statements routing keep theirs).")
      .def_property_readonly("rules_version", [](const Engine& e) { return e.rules()->version(); })
      .def_property_readonly("database_name", [](const Engine& e) { return e.rules()->database_name(); })
      .def_property_readonly("data_source_names", [](const Engine& e) { return e.rules()->data_source_names(); });
}

}  // namespace sqlroute::bindings
