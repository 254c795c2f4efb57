#pragma once
// The proxy's observability, switched by server.yaml props as ShardingSphere's agent plugins
// switch it (the seed's agent.yaml: Prometheus, BaseLogging):
//   metrics-port: N            Prometheus text at http://metrics-host:N/metrics (host 127.0.0.1);
//                              the engines' metrics are turned on with it
//   general-query-log: true    every statement in the query log
//   slow-query-log: true       statements that took long-query-time ms (5000) or more
//   query-log-file: PATH       the query log (DIR/logs/query.log)
// A statement is timed from its arrival to its answer, routing and execution. The log reads as
// the engine's statement log (FormatStatementRecord), masked as the engine masks: a statement the
// proxy answers itself (transaction control, SET, USE, DistSQL) has every quoted string masked.
#include <chrono>
#include <cstdint>
#include <memory>
#include <optional>
#include <string>

#include "proxy_metrics.h"
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
  bool metrics_enabled_ = false;
  ProxyMetrics metrics_;
  bool general_log_ = false;
  std::optional<std::chrono::nanoseconds> slow_threshold_;
  std::shared_ptr<StatementLog> file_;      // the query log; null when both logs are off
  std::shared_ptr<StatementLog> capture_;   // given to the engines: keeps this thread's record
};

// `sql` with every quoted string ('...', "...") written '***'.
std::string MaskQuotedStrings(const std::string& sql);

}  // namespace sqlroute::proxy
