#pragma once
// Observability of the routing pipeline (after ShardingSphere's agent plugins): metrics, trace
// spans and a statement log. All three are off by default; when off, a statement pays one
// predictable branch.
//   metrics:  Observability::SetMetricsEnabled, or the rule prop `metrics-enabled: true`; the
//             latency histograms time one statement in N per thread, N the prop
//             `metrics-latency-sample-every` (default 8; 1 times every statement): the clock
//             reads cost more than all the counters together
//   spans:    Observability::SetTracer (with a sampling ratio)
//   log:      Observability::SetStatementLog (general and/or slow log), or the prop `sql-show: true`
// Logged SQL and parameters never show values of encrypted columns or secrets (masked as `***`):
//   - a statement that touches an encrypted table, or a DCL statement, has every literal and
//     parameter masked;
//   - any other has masked: the arguments of key and password functions (AES_ENCRYPT,
//     AES_DECRYPT, DES_ENCRYPT, DES_DECRYPT, ENCODE, DECODE, ENCRYPT, PASSWORD, OLD_PASSWORD),
//     the password after IDENTIFIED ... BY|AS, REPLACE, PASSWORD [=] and in SET PASSWORD, and
//     every literal, parameter or text holding a secret prop value of the rule set (passwords,
//     keys, salts of data sources and algorithms).
// Spans and metric labels carry no values at all.
#include <chrono>
#include <cstdint>
#include <functional>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "sqlroute/error.h"

namespace sqlroute {

struct PlanCacheStats;

// ---- metrics

struct HistogramSnapshot {
  std::vector<double> upper_bounds;  // seconds, ascending; a last +Inf bucket is implied
  std::vector<uint64_t> buckets;     // per bucket, not cumulative: upper_bounds.size() + 1 entries
  uint64_t count = 0;
  double sum = 0;  // seconds
};

// Counters since the engine was created (only while metrics were enabled, except the plan
// cache's own counters). Maps hold the label values seen, never zeros.
struct MetricsSnapshot {
  std::map<std::string, uint64_t> parsed_sql;   // parsed_sql_total{type}: INSERT, UPDATE, DELETE, SELECT, DDL, DCL, DAL, TCL
  std::map<std::string, uint64_t> routed_sql;   // routed_sql_total{type}: INSERT, UPDATE, DELETE, SELECT
  std::map<std::string, uint64_t> routed_data_sources;  // routed_result_total{object="data_source"}: per unit
  std::map<std::string, uint64_t> routed_tables;        // routed_result_total{object="table"}: per table mapping
  std::map<std::string, uint64_t> route_shapes;  // none (no unit), single, multiple, full (scatter or broadcast)
  uint64_t plan_cache_hits = 0;
  uint64_t plan_cache_misses = 0;
  uint64_t primary_units = 0;  // units a read/write group sent to its primary
  uint64_t replica_units = 0;  // ... to a replica
  uint64_t shadow_units = 0;   // units moved to a shadow data source
  std::map<std::string, uint64_t> errors;  // by error code name
  // Of the timed statements (one in metrics-latency-sample-every per thread).
  HistogramSnapshot parse_latency, route_latency, rewrite_latency;
  // The route hit rate: statements routed to one node over all statements routed (session
  // statements excluded), per logic database and per logic table the route names.
  std::map<std::string, uint64_t> routed_statements_by_database, single_node_statements_by_database;
  std::map<std::string, uint64_t> routed_statements_by_table, single_node_statements_by_table;
  // Route units per routed statement: bounds and sum are unit counts, not seconds.
  HistogramSnapshot route_units;
};

// Prometheus text exposition format 0.0.4 of a snapshot.
std::string PrometheusText(const MetricsSnapshot& snapshot);

// ---- trace spans

enum class SpanStage { Parse, Route, Rewrite };
const char* SpanStageName(SpanStage stage);  // "parse", "route", "rewrite"

// One stage of one statement. The attributes known when the statement ends are set on every
// span of the statement (empty / 0 when the statement failed before that was known).
struct Span {
  SpanStage stage = SpanStage::Parse;
  uint64_t statement_id = 0;      // shared by the spans of one statement
  uint64_t start_unix_nanos = 0;  // wall clock
  uint64_t end_unix_nanos = 0;
  std::string_view statement_type;  // "SELECT", "CREATE TABLE", ...
  std::string_view route_type;      // "Standard", "Broadcast", ...
  std::size_t unit_count = 0;
  bool cache_hit = false;           // the statement model came from the plan cache
  std::optional<ErrorCode> error;   // on the span of the stage that failed
};

// Receives the spans of a sampled statement, in stage order, on the routing thread once the
// statement is done. Called from several threads at once; exceptions it throws are dropped.
class Tracer {
 public:
  virtual ~Tracer() = default;
  virtual void OnSpan(const Span& span) = 0;
};

// ---- statement log

struct LoggedUnit {
  std::string data_source;
  std::string sql;                  // masked
  std::vector<std::string> params;  // shown as explain does (7, 'abc', long:7), masked
};

struct StatementRecord {
  bool slow = false;  // took at least the slow threshold
  uint64_t start_unix_nanos = 0;
  std::string logic_sql;            // masked
  std::vector<std::string> params;  // masked
  std::vector<LoggedUnit> units;
  std::string statement_type;  // empty when the statement did not parse
  std::string route_type;      // empty when it was not routed
  bool cache_hit = false;      // the statement model came from the plan cache
  std::optional<ErrorCode> error;
  uint64_t parse_nanos = 0, route_nanos = 0, rewrite_nanos = 0, total_nanos = 0;
};

// Receives records on the routing thread; called from several threads at once; exceptions it
// throws are dropped.
class StatementLog {
 public:
  virtual ~StatementLog() = default;
  virtual void OnStatement(const StatementRecord& record) = 0;
};

struct StatementLogOptions {
  bool general = true;  // every statement (the prop sql-show: true also turns this on)
  std::optional<std::chrono::nanoseconds> slow_threshold;  // statements at least this slow
};

// The text a file log writes for a record (ShardingSphere sql-show style), ending in '\n':
//   # 2026-01-01T00:00:00.000000Z general SELECT Standard total=12.5us parse=... route=... rewrite=... cache=hit
//   Logic SQL: SELECT c FROM t_user WHERE id=? ::: [7]
//   Actual SQL: ds_1 ::: SELECT c FROM t_user_7 WHERE id=? ::: [7]
std::string FormatStatementRecord(const StatementRecord& record);
// A log appending FormatStatementRecord lines to `path`; throws Error(CONFIG_FILE_UNREADABLE)
// when the file cannot be opened.
std::shared_ptr<StatementLog> FileStatementLog(const std::string& path);

// ---- the engine's observability (Engine::observability(); shared by copies of an engine)

class Observability {
 public:
  explicit Observability(std::function<PlanCacheStats()> plan_cache_stats);
  ~Observability();
  Observability(const Observability&) = delete;
  Observability& operator=(const Observability&) = delete;

  // Overrides the prop `metrics-enabled` (nullopt: follow the prop again).
  void SetMetricsEnabled(std::optional<bool> enabled);
  MetricsSnapshot Metrics() const;
  std::string Prometheus() const { return PrometheusText(Metrics()); }

  // nullptr removes the tracer. A ratio r samples statement n (counted per engine from 1) when
  // floor(n * r) > floor((n - 1) * r): deterministic, exactly r of the statements.
  void SetTracer(std::shared_ptr<Tracer> tracer, double sample_ratio = 1.0);
  // nullptr removes the log (the prop sql-show then writes to stderr).
  void SetStatementLog(std::shared_ptr<StatementLog> log, StatementLogOptions options = {});

  struct State;  // engine-internal
  State& state() const { return *state_; }

 private:
  std::unique_ptr<State> state_;
};

}  // namespace sqlroute
