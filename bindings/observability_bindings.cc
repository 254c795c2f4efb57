// Observability on _core.Engine: the metrics as a dict, the Prometheus text, and Python
// callables as tracer and statement log. Callables run with the GIL taken; an exception they
// raise goes to sys.unraisablehook and never fails the statement.
#include <pybind11/pybind11.h>
#include <pybind11/stl.h>

#include <chrono>
#include <optional>

#include "python_callback.h"
#include "sqlroute/engine.h"

namespace py = pybind11;

namespace sqlroute::bindings {
namespace {

py::object ErrorName(const std::optional<ErrorCode>& code) {
  return code ? py::object(py::str(std::string(ErrorCodeName(*code)))) : py::object(py::none());
}

py::dict HistogramDict(const HistogramSnapshot& h) {
  py::dict d;
  d["upper_bounds"] = h.upper_bounds;
  d["buckets"] = h.buckets;
  d["count"] = h.count;
  d["sum"] = h.sum;
  return d;
}

py::dict MetricsDict(const MetricsSnapshot& m) {
  py::dict d;
  d["parsed_sql"] = m.parsed_sql;
  d["routed_sql"] = m.routed_sql;
  d["routed_data_sources"] = m.routed_data_sources;
  d["routed_tables"] = m.routed_tables;
  d["route_shapes"] = m.route_shapes;
  d["plan_cache_hits"] = m.plan_cache_hits;
  d["plan_cache_misses"] = m.plan_cache_misses;
  d["primary_units"] = m.primary_units;
  d["replica_units"] = m.replica_units;
  d["shadow_units"] = m.shadow_units;
  d["errors"] = m.errors;
  d["parse_latency"] = HistogramDict(m.parse_latency);
  d["route_latency"] = HistogramDict(m.route_latency);
  d["rewrite_latency"] = HistogramDict(m.rewrite_latency);
  d["routed_statements_by_database"] = m.routed_statements_by_database;
  d["single_node_statements_by_database"] = m.single_node_statements_by_database;
  d["routed_statements_by_table"] = m.routed_statements_by_table;
  d["single_node_statements_by_table"] = m.single_node_statements_by_table;
  d["route_units"] = HistogramDict(m.route_units);
  return d;
}

py::dict SpanDict(const Span& span) {
  py::dict d;
  d["stage"] = SpanStageName(span.stage);
  d["statement_id"] = span.statement_id;
  d["start_unix_nanos"] = span.start_unix_nanos;
  d["end_unix_nanos"] = span.end_unix_nanos;
  d["statement_type"] = std::string(span.statement_type);
  d["route_type"] = std::string(span.route_type);
  d["unit_count"] = span.unit_count;
  d["cache_hit"] = span.cache_hit;
  d["error"] = ErrorName(span.error);
  return d;
}

py::dict RecordDict(const StatementRecord& r) {
  py::dict d;
  d["slow"] = r.slow;
  d["start_unix_nanos"] = r.start_unix_nanos;
  d["logic_sql"] = r.logic_sql;
  d["params"] = r.params;
  py::list units;
  for (const LoggedUnit& unit : r.units) {
    py::dict u;
    u["data_source"] = unit.data_source;
    u["sql"] = unit.sql;
    u["params"] = unit.params;
    units.append(u);
  }
  d["units"] = units;
  d["statement_type"] = r.statement_type;
  d["route_type"] = r.route_type;
  d["cache_hit"] = r.cache_hit;
  d["error"] = ErrorName(r.error);
  d["parse_ms"] = static_cast<double>(r.parse_nanos) / 1e6;
  d["route_ms"] = static_cast<double>(r.route_nanos) / 1e6;
  d["rewrite_ms"] = static_cast<double>(r.rewrite_nanos) / 1e6;
  d["total_ms"] = static_cast<double>(r.total_nanos) / 1e6;
  d["text"] = FormatStatementRecord(r);
  return d;
}

// Calls `callable(convert(item))` with the GIL taken; its exception becomes unraisable.
template <typename Item, py::dict (*Convert)(const Item&)>
void CallWithGil(const PythonRef& callable, const Item& item, const char* what) {
  GilAcquire gil;
  try {
    callable.get()(Convert(item));
  } catch (py::error_already_set& error) {
    error.discard_as_unraisable(what);
  }
}

class PythonTracer : public Tracer {
 public:
  explicit PythonTracer(py::object callable) : callable_(std::move(callable)) {}
  void OnSpan(const Span& span) override { CallWithGil<Span, SpanDict>(callable_, span, "sqlroute tracer"); }

 private:
  PythonRef callable_;
};

class PythonStatementLog : public StatementLog {
 public:
  explicit PythonStatementLog(py::object callable) : callable_(std::move(callable)) {}
  void OnStatement(const StatementRecord& record) override {
    CallWithGil<StatementRecord, RecordDict>(callable_, record, "sqlroute statement log");
  }

 private:
  PythonRef callable_;
};

StatementLogOptions LogOptions(bool general, std::optional<double> slow_ms) {
  StatementLogOptions options;
  options.general = general;
  if (slow_ms) options.slow_threshold = std::chrono::nanoseconds(static_cast<int64_t>(*slow_ms * 1e6));
  return options;
}

}  // namespace

void RegisterObservability(py::module_& module) {
  auto engine = py::reinterpret_borrow<py::class_<Engine>>(module.attr("Engine"));
  engine
      .def("metrics", [](const Engine& e) { return MetricsDict(e.observability().Metrics()); },
           "The metrics snapshot as a dict.")
      .def("prometheus", [](const Engine& e) { return e.observability().Prometheus(); },
           "The metrics in Prometheus text exposition format.")
      .def("set_metrics_enabled",
           [](const Engine& e, std::optional<bool> enabled) { e.observability().SetMetricsEnabled(enabled); },
           py::arg("enabled"), "True/False override the prop metrics-enabled; None follows it again.")
      .def(
          "set_tracer",
          [](const Engine& e, py::object callable, double sample) {
            std::shared_ptr<Tracer> tracer;
            if (!callable.is_none()) tracer = std::make_shared<PythonTracer>(std::move(callable));
            e.observability().SetTracer(std::move(tracer), sample);
          },
          py::arg("callable"), py::arg("sample") = 1.0, "callable(span_dict) per span of sampled statements; None removes.")
      .def(
          "set_statement_log",
          [](const Engine& e, py::object callable, bool general, std::optional<double> slow_ms) {
            std::shared_ptr<StatementLog> log;
            if (!callable.is_none()) log = std::make_shared<PythonStatementLog>(std::move(callable));
            e.observability().SetStatementLog(std::move(log), LogOptions(general, slow_ms));
          },
          py::arg("callable"), py::arg("general"), py::arg("slow_ms"), "callable(record_dict); None removes.")
      .def(
          "set_statement_log_file",
          [](const Engine& e, const std::string& path, bool general, std::optional<double> slow_ms) {
            e.observability().SetStatementLog(FileStatementLog(path), LogOptions(general, slow_ms));
          },
          py::arg("path"), py::arg("general"), py::arg("slow_ms"), "Appends the records' text to `path`.");
}

}  // namespace sqlroute::bindings
