#include <cmath>
#include <iostream>

#include "common/shared_heap.h"
#include "observe/observability_state.h"
#include "observe/tick_clock.h"
#include "rules/rule_set_access.h"
#include "sqlroute/error_text.h"

namespace sqlroute {
namespace {

// Where the prop sql-show writes when no statement log is set (ShardingSphere logs it too).
class StderrLog : public StatementLog {
 public:
  void OnStatement(const StatementRecord& record) override {
    std::string text = FormatStatementRecord(record);
    std::lock_guard<std::mutex> lock(mutex_);
    std::cerr << text << std::flush;
  }

 private:
  std::mutex mutex_;
};

bool PropIsTrue(const Props& props, const char* key) {
  std::optional<std::string> value = props.Get(key);
  return value && *value == "true";
}

// A positive integer prop, or `fallback` when it is absent or not one.
uint32_t PositiveProp(const Props& props, const char* key, uint32_t fallback) {
  std::optional<std::string> value = props.Get(key);
  if (!value || value->empty() || value->size() > 9) return fallback;
  uint32_t result = 0;
  for (char c : *value) {
    if (c < '0' || c > '9') return fallback;
    result = result * 10 + static_cast<uint32_t>(c - '0');
  }
  return result > 0 ? result : fallback;
}

}  // namespace

const char* SpanStageName(SpanStage stage) {
  switch (stage) {
    case SpanStage::Parse: return "parse";
    case SpanStage::Route: return "route";
    case SpanStage::Rewrite: return "rewrite";
  }
  return "";
}

bool Observability::State::Sample() {
  double ratio = sample_ratio.load(std::memory_order_relaxed);
  uint64_t n = sampled_statements.fetch_add(1, std::memory_order_relaxed) + 1;
  return std::floor(static_cast<double>(n) * ratio) > std::floor(static_cast<double>(n - 1) * ratio);
}

void Observability::State::ReadProps(const RuleSet& rules) {
  BuildShared([&] {  // what it makes, every statement's observation reads
    std::lock_guard<std::mutex> lock(mutex);
    const Props& props = rules::RuleSetAccess::Compiled(rules).config.props;
    metrics_prop = PropIsTrue(props, "metrics-enabled");
    sql_show_prop = PropIsTrue(props, "sql-show");
    latency_sample_every.store(PositiveProp(props, "metrics-latency-sample-every", kDefaultLatencySampleEvery),
                               std::memory_order_relaxed);
    std::atomic_store(&secrets, std::make_shared<const observe::Secrets>(observe::ConfiguredSecrets(rules)));
    Update();
    props_version.store(rules.version(), std::memory_order_release);
  });
}

std::shared_ptr<const observe::Secrets> Observability::State::SecretsOf(const RuleSet& rules) const {
  std::shared_ptr<const observe::Secrets> kept = std::atomic_load(&secrets);
  if (kept && kept->version == rules.version()) return kept;
  return std::make_shared<const observe::Secrets>(observe::ConfiguredSecrets(rules));
}

void Observability::State::Update() {
  auto target = std::make_shared<LogTarget>();
  target->log = log;
  target->options = log_options;
  if (sql_show_prop) {
    target->options.general = true;
    if (!target->log) target->log = std::make_shared<StderrLog>();
  }
  std::atomic_store(&log_target, std::shared_ptr<const LogTarget>(target->log ? target : nullptr));
  uint32_t value = 0;
  if (metrics_override.value_or(metrics_prop)) value |= kMetrics;
  if (std::atomic_load(&tracer) && sample_ratio.load() > 0) value |= kTrace;
  if (target->log) value |= kLog;
  if (value & kMetrics) metrics.Calibrate();
  if (value != 0) observe::NanosPerTick();  // measures the tick rate now rather than in a statement
  flags.store(value, std::memory_order_release);
}

Observability::Observability(std::function<PlanCacheStats()> plan_cache_stats)
    : state_(std::make_unique<State>(std::move(plan_cache_stats))) {}

Observability::~Observability() = default;

void Observability::SetMetricsEnabled(std::optional<bool> enabled) {
  std::lock_guard<std::mutex> lock(state_->mutex);
  state_->metrics_override = enabled;
  state_->Update();
}

MetricsSnapshot Observability::Metrics() const {
  MetricsSnapshot snapshot = state_->metrics.Snapshot();
  PlanCacheStats cache = state_->plan_cache_stats();
  snapshot.plan_cache_hits = cache.hits;
  snapshot.plan_cache_misses = cache.misses;
  return snapshot;
}

void Observability::SetTracer(std::shared_ptr<Tracer> tracer, double sample_ratio) {
  if (!(sample_ratio >= 0 && sample_ratio <= 1)) {
    throw Error(Message<msg::SampleRatioInvalid>());
  }
  std::lock_guard<std::mutex> lock(state_->mutex);
  state_->sample_ratio = sample_ratio;
  state_->sampled_statements = 0;
  std::atomic_store(&state_->tracer, std::move(tracer));
  state_->Update();
}

void Observability::SetStatementLog(std::shared_ptr<StatementLog> log, StatementLogOptions options) {
  std::lock_guard<std::mutex> lock(state_->mutex);
  state_->log = std::move(log);
  state_->log_options = options;
  state_->Update();
}

}  // namespace sqlroute
