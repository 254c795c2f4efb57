#pragma once
// Observability::State: what an engine's observability is switched to, read by every statement.
// Setters and prop refreshes recompute `flags`, the one word a statement reads when all is off.
#include <atomic>
#include <cstdint>
#include <functional>
#include <memory>
#include <mutex>

#include "common/cache_line.h"
#include "observe/masking.h"
#include "observe/metrics.h"
#include "sqlroute/observability.h"
#include "sqlroute/plan_cache_stats.h"
#include "sqlroute/rule_set.h"

namespace sqlroute {

// Every statement reads it: it takes whole cache lines (common/cache_line.h).
struct alignas(kCacheLine) Observability::State {
  static constexpr uint32_t kMetrics = 1, kTrace = 2, kLog = 4;

  struct LogTarget {
    std::shared_ptr<StatementLog> log;  // the prop sql-show's stderr log when none was set
    StatementLogOptions options;
  };

  explicit State(std::function<PlanCacheStats()> cache_stats) : plan_cache_stats(std::move(cache_stats)) {}

  // What a statement under `rules` may need (kMetrics | kTrace | kLog), props read once per version.
  uint32_t Flags(const RuleSet& rules) {
    if (props_version.load(std::memory_order_acquire) != rules.version()) ReadProps(rules);
    return flags.load(std::memory_order_acquire);
  }
  bool Sample();  // the deterministic sampler: is the next statement traced?
  std::shared_ptr<Tracer> CurrentTracer() const { return std::atomic_load(&tracer); }
  std::shared_ptr<const LogTarget> CurrentLog() const { return std::atomic_load(&log_target); }
  // The configured secrets of `rules` (kept for the rule set version props were last read from).
  std::shared_ptr<const observe::Secrets> SecretsOf(const RuleSet& rules) const;
  uint64_t NextStatementId() { return next_statement_id.fetch_add(1, std::memory_order_relaxed); }

  void ReadProps(const RuleSet& rules);
  void Update();  // recomputes flags and the log target; call with `mutex` held

  const std::function<PlanCacheStats()> plan_cache_stats;
  observe::Metrics metrics;
  std::atomic<uint32_t> flags{0};

  std::mutex mutex;  // serialises setters and prop refreshes
  std::atomic<uint64_t> props_version{0};
  bool metrics_prop = false;
  // The prop metrics-latency-sample-every: stage latencies of one statement in this many.
  std::atomic<uint32_t> latency_sample_every{kDefaultLatencySampleEvery};
  static constexpr uint32_t kDefaultLatencySampleEvery = 8;
  bool sql_show_prop = false;
  std::optional<bool> metrics_override;
  std::shared_ptr<StatementLog> log;
  StatementLogOptions log_options;

  std::shared_ptr<Tracer> tracer;  // std::atomic_load / std::atomic_store
  std::atomic<double> sample_ratio{1.0};
  std::atomic<uint64_t> sampled_statements{0};
  std::shared_ptr<const LogTarget> log_target;  // std::atomic_load / std::atomic_store
  std::shared_ptr<const observe::Secrets> secrets;  // std::atomic_load / std::atomic_store
  std::atomic<uint64_t> next_statement_id{1};
};

}  // namespace sqlroute
