// Cost of observability on the cached sysbench point select (sharding scenario): each variant
// routes batches alternately on an engine with everything off and on one with the variant on,
// timed in thread CPU time, so drift and other load hit both alike. Counters: `ratio`, the
// median over iterations of variant batch time / baseline batch time; `base_ns`, `observed_ns`,
// the median time per statement. Names: observability/<variant>. `metrics` times the stages of
// one statement in 8 (the default of metrics-latency-sample-every), `metrics_timing_every_statement`
// of every statement.
#include <benchmark/benchmark.h>

#include <time.h>

#include <algorithm>
#include <functional>
#include <memory>
#include <vector>

#include "read_file.h"
#include "sqlroute/engine.h"

namespace {

using sqlroute::Engine;
using sqlroute::Value;
constexpr int kBatch = 100;

class NoopTracer : public sqlroute::Tracer {
 public:
  void OnSpan(const sqlroute::Span& span) override { benchmark::DoNotOptimize(span.end_unix_nanos); }
};

class NoopLog : public sqlroute::StatementLog {
 public:
  void OnStatement(const sqlroute::StatementRecord& record) override { benchmark::DoNotOptimize(record.units.size()); }
};

// The sysbench sharding rules, with `props` (a YAML flow map's content) when given.
Engine SysbenchEngine(const std::string& props = "") {
  std::string yaml =
      sqlroute::bench::ReadFile(std::string(SQLROUTE_SOURCE_DIR) + "/tests/golden/rules/sysbench_sharding.yaml");
  return Engine::FromYamlString(yaml + (props.empty() ? "" : "props: {" + props + "}\n"));
}

double ThreadCpuSeconds() {
  timespec now{};
  clock_gettime(CLOCK_THREAD_CPUTIME_ID, &now);
  return static_cast<double>(now.tv_sec) + static_cast<double>(now.tv_nsec) / 1e9;
}

double RouteBatch(const Engine& engine, const std::vector<Value>& params) {
  double start = ThreadCpuSeconds();
  for (int i = 0; i < kBatch; ++i) benchmark::DoNotOptimize(engine.Route("SELECT c FROM t_user WHERE id=?", params));
  return ThreadCpuSeconds() - start;
}

double Median(std::vector<double> values) {
  std::nth_element(values.begin(), values.begin() + values.size() / 2, values.end());
  return values[values.size() / 2];
}

void Overhead(benchmark::State& state, const std::string& props,
              const std::function<void(sqlroute::Observability&)>& enable) {
  Engine baseline = SysbenchEngine();
  Engine observed = SysbenchEngine(props);
  enable(observed.observability());
  std::vector<Value> params{Value::Int(7)};
  RouteBatch(baseline, params);  // warm the plan caches
  RouteBatch(observed, params);
  std::vector<double> base, observed_times, ratios;
  for (auto _ : state) {
    base.push_back(RouteBatch(baseline, params));
    observed_times.push_back(RouteBatch(observed, params));
    ratios.push_back(observed_times.back() / base.back());
  }
  state.counters["ratio"] = Median(ratios);
  state.counters["base_ns"] = Median(base) * 1e9 / kBatch;
  state.counters["observed_ns"] = Median(observed_times) * 1e9 / kBatch;
}

void Register(const char* name, std::function<void(sqlroute::Observability&)> enable, std::string props = "") {
  benchmark::RegisterBenchmark(name, [enable, props](benchmark::State& state) { Overhead(state, props, enable); })
      ->Unit(benchmark::kMicrosecond);
}

const bool registered = [] {
  Register("observability/off", [](sqlroute::Observability&) {});
  Register("observability/metrics", [](sqlroute::Observability& o) { o.SetMetricsEnabled(true); });
  Register("observability/metrics_timing_every_statement", [](sqlroute::Observability&) {},
           "metrics-enabled: true, metrics-latency-sample-every: 1");
  Register("observability/trace_ratio_1", [](sqlroute::Observability& o) { o.SetTracer(std::make_shared<NoopTracer>(), 1.0); });
  Register("observability/trace_ratio_0.1", [](sqlroute::Observability& o) { o.SetTracer(std::make_shared<NoopTracer>(), 0.1); });
  Register("observability/trace_ratio_0", [](sqlroute::Observability& o) { o.SetTracer(std::make_shared<NoopTracer>(), 0.0); });
  Register("observability/general_log_callback", [](sqlroute::Observability& o) { o.SetStatementLog(std::make_shared<NoopLog>()); });
  return true;
}();

}  // namespace
