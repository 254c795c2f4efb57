// Prometheus text exposition format 0.0.4 of a metrics snapshot.
#include <cstdio>
#include <string>

#include "sqlroute/observability.h"

namespace sqlroute {
namespace {

std::string EscapeLabel(const std::string& value) {
  std::string out;
  for (char c : value) {
    if (c == '\\') out += "\\\\";
    else if (c == '"') out += "\\\"";
    else if (c == '\n') out += "\\n";
    else out += c;
  }
  return out;
}

std::string Number(double value) {
  char text[32];
  std::snprintf(text, sizeof text, "%.9g", value);
  return text;
}

class Exposition {
 public:
  void Family(const char* name, const char* type, const char* help) {
    out_ += std::string("# HELP ") + name + " " + help + "\n# TYPE " + name + " " + type + "\n";
  }
  void Sample(const std::string& name, const std::string& labels, const std::string& value) {
    out_ += name;
    if (!labels.empty()) out_ += "{" + labels + "}";
    out_ += " " + value + "\n";
  }
  void Counter(const char* name, const char* help, uint64_t value) {
    Family(name, "counter", help);
    Sample(name, "", std::to_string(value));
  }
  void Labelled(const char* name, const char* help, const char* label,
                const std::map<std::string, uint64_t>& values) {
    Family(name, "counter", help);
    for (const auto& [key, value] : values) Sample(name, Label(label, key), std::to_string(value));
  }
  void Histogram(const char* name, const char* help, const HistogramSnapshot& histogram) {
    Family(name, "histogram", help);
    uint64_t cumulative = 0;
    for (std::size_t i = 0; i < histogram.buckets.size(); ++i) {
      cumulative += histogram.buckets[i];
      std::string le = i < histogram.upper_bounds.size() ? Number(histogram.upper_bounds[i]) : "+Inf";
      Sample(std::string(name) + "_bucket", Label("le", le), std::to_string(cumulative));
    }
    Sample(std::string(name) + "_sum", "", Number(histogram.sum));
    Sample(std::string(name) + "_count", "", std::to_string(histogram.count));
  }
  // A counter per logic database (object="database") and per logic table (object="table").
  void ByObject(const char* name, const char* help, const std::map<std::string, uint64_t>& databases,
                const std::map<std::string, uint64_t>& tables) {
    Family(name, "counter", help);
    for (const auto& [key, value] : databases) Sample(name, "object=\"database\"," + Label("name", key), std::to_string(value));
    for (const auto& [key, value] : tables) Sample(name, "object=\"table\"," + Label("name", key), std::to_string(value));
  }
  static std::string Label(const char* label, const std::string& value) {
    return std::string(label) + "=\"" + EscapeLabel(value) + "\"";
  }
  std::string& text() { return out_; }

 private:
  std::string out_;
};

}  // namespace

std::string PrometheusText(const MetricsSnapshot& s) {
  Exposition e;
  e.Labelled("parsed_sql_total", "Statements parsed, by type.", "type", s.parsed_sql);
  e.Labelled("routed_sql_total", "Statements routed, by type.", "type", s.routed_sql);
  e.Family("routed_result_total", "counter", "Route units per actual data source and per actual table.");
  for (const auto& [name, value] : s.routed_data_sources) {
    e.Sample("routed_result_total", "object=\"data_source\"," + Exposition::Label("name", name), std::to_string(value));
  }
  for (const auto& [name, value] : s.routed_tables) {
    e.Sample("routed_result_total", "object=\"table\"," + Exposition::Label("name", name), std::to_string(value));
  }
  e.Labelled("sqlroute_route_shape_total", "Statements by route shape: none, single, multiple, full or session (TCL, SET, USE).", "shape",
             s.route_shapes);
  e.Counter("sqlroute_plan_cache_hits_total", "Statements whose model came from the plan cache.", s.plan_cache_hits);
  e.Counter("sqlroute_plan_cache_misses_total", "Statements parsed and added to the plan cache.", s.plan_cache_misses);
  e.Family("sqlroute_readwrite_units_total", "counter", "Route units of read/write groups, by target.");
  e.Sample("sqlroute_readwrite_units_total", "target=\"primary\"", std::to_string(s.primary_units));
  e.Sample("sqlroute_readwrite_units_total", "target=\"replica\"", std::to_string(s.replica_units));
  e.Counter("sqlroute_shadow_units_total", "Route units moved to a shadow data source.", s.shadow_units);
  e.Labelled("sqlroute_errors_total", "Statements that failed, by error code.", "code", s.errors);
  // Of the timed statements: one in metrics-latency-sample-every per thread.
  e.Histogram("sqlroute_parse_duration_seconds", "Parse time (plan cache included) of timed statements.",
              s.parse_latency);
  e.Histogram("sqlroute_route_duration_seconds", "Route time (read/write and shadow included) of timed statements.",
              s.route_latency);
  e.Histogram("sqlroute_rewrite_duration_seconds", "Rewrite time of timed statements.", s.rewrite_latency);
  // The route hit rate is sqlroute_single_node_statements_total / sqlroute_routed_statements_total.
  e.ByObject("sqlroute_routed_statements_total",
             "Statements routed (session statements excluded), per logic database and per logic table.",
             s.routed_statements_by_database, s.routed_statements_by_table);
  e.ByObject("sqlroute_single_node_statements_total",
             "Statements routed to one node, per logic database and per logic table.",
             s.single_node_statements_by_database, s.single_node_statements_by_table);
  e.Histogram("sqlroute_route_units", "Route units per routed statement.", s.route_units);
  return std::move(e.text());
}

}  // namespace sqlroute
