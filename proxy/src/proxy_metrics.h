#pragma once
// The proxy's own metrics, named as ShardingSphere's agent names ShardingSphere-Proxy's
// (ProxyMetaDataInfoExporter, CurrentConnectionsCountAdvice, RequestsCountAdvice,
// ExecuteLatencyHistogramAdvice, ExecuteErrorsCountAdvice, the transactions advices), and the
// Prometheus page that adds each logical database's engine metrics and connection pools.
#include <array>
#include <atomic>
#include <chrono>
#include <cstdint>
#include <map>
#include <string>
#include <string_view>
#include <vector>

namespace sqlroute::proxy {

class DatabaseRegistry;

class ProxyMetrics {
 public:
  void ConnectionOpened() { connections_.fetch_add(1, std::memory_order_relaxed); }
  void ConnectionClosed() { connections_.fetch_sub(1, std::memory_order_relaxed); }
  void StatementDone(std::chrono::nanoseconds elapsed, bool failed);
  void TransactionEnded(bool commit);
  void SpansDropped(std::size_t count) { spans_dropped_.fetch_add(count, std::memory_order_relaxed); }

  // Prometheus text format 0.0.4: these counters, each database's engine metrics with a
  // `database` label, and its storage units' pools with `database` and `storage_unit` labels.
  std::string Prometheus(const DatabaseRegistry& databases) const;

 private:
  // proxy_execute_latency_millis buckets: 1, 2, 4, ... 4096 ms, as the agent's exponential
  // buckets (start 1, factor 2, count 13).
  static constexpr std::size_t kBuckets = 13;

  std::atomic<std::int64_t> connections_{0};
  std::atomic<std::uint64_t> requests_{0}, errors_{0}, commits_{0}, rollbacks_{0}, spans_dropped_{0};
  std::array<std::atomic<std::uint64_t>, kBuckets + 1> latency_buckets_{};
  std::atomic<std::uint64_t> latency_micros_sum_{0};
};

// Prometheus pages merged by family: pages with the same families (one per database) render
// each family once, HELP and TYPE first, every sample of a page with the page's label added.
class PrometheusPage {
 public:
  // `label` empty: the samples are kept as they are.
  void Add(std::string_view page, const std::string& label = "", const std::string& value = "");
  std::string Text() const;

 private:
  struct Family {
    std::string header;   // the # HELP and # TYPE lines
    std::string samples;
  };
  std::vector<std::string> order_;  // families in first-seen order
  std::map<std::string, Family> families_;
};

}  // namespace sqlroute::proxy
