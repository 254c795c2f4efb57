#pragma once
// The proxy's observability, switched by server.yaml props as ShardingSphere's agent plugins
// switch it (the seed's agent.yaml: Prometheus, BaseLogging):
//   metrics-port: N            Prometheus text at http://metrics-host:N/metrics (host 127.0.0.1);
//                              the engines' metrics are turned on with it
//   general-query-log: true    every statement in the query log
//   slow-query-log: true       statements that took long-query-time ms (5000) or more
//   query-log-file: PATH       the query log (DIR/logs/query.log)
//   zipkin-host: HOST          Zipkin v2 spans to http://HOST:zipkin-port (9411) zipkin-url-version
//                              (/api/v2/spans), service zipkin-service-name (shardingsphere), sampled
//                              by zipkin-sampler-type const (zipkin-sampler-param 0 or 1, the
//                              default) or counting (a ratio): a root span per routed statement
//                              with the engine's parse, route and rewrite spans and one for the
//                              execution. Spans carry no SQL text and no values.
// A statement is timed from its arrival to its answer, routing and execution. The log reads as
// the engine's statement log (FormatStatementRecord), masked as the engine masks: a statement the
// proxy answers itself (transaction control, SET, USE, DistSQL) has every literal masked (MaskLiterals).
#include <chrono>
#include <cstdint>
#include <memory>
#include <optional>
#include <string>

#include "proxy_metrics.h"
#include "zipkin_exporter.h"
#include "server_config.h"
#include "sqlroute/engine.h"

namespace sqlroute::proxy {

class ProxyObservability {
 public:
  explicit ProxyObservability(const ServerConfig& config);

  bool metrics_enabled() const { return metrics_enabled_; }
  ProxyMetrics& metrics() { return metrics_; }
  const ProxyMetrics& metrics() const { return metrics_; }

  // Each logical database's engine, when it is created.
  void Attach(const Engine& engine) const;

  // Around one client statement, on the thread that runs it.
  void StatementStarted() const;
  void StatementEnded(const std::string& sql, std::uint64_t start_unix_nanos, std::chrono::nanoseconds elapsed,
                      bool failed);

 private:
  void Trace(std::uint64_t start_unix_nanos, std::chrono::nanoseconds elapsed, bool failed);

  bool metrics_enabled_ = false;
  ProxyMetrics metrics_;
  bool general_log_ = false;
  std::optional<std::chrono::nanoseconds> slow_threshold_;
  std::shared_ptr<StatementLog> file_;      // the query log; null when both logs are off
  std::shared_ptr<StatementLog> capture_;   // given to the engines: keeps this thread's record
  std::unique_ptr<ZipkinExporter> zipkin_;  // null when tracing is off
  std::shared_ptr<Tracer> tracer_;          // given to the engines: keeps this thread's spans
  double sample_ratio_ = 1;
  std::string service_name_;
};

}  // namespace sqlroute::proxy
