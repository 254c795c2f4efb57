// Rule compilation and routing at scale: a 10,000-node table compiles
// quickly and small; a point route on it costs about what it costs on 10 nodes, a full route
// grows with the nodes and data sources but not with their product; a 1,000-value IN list routes fast.
#include <benchmark/benchmark.h>
#include <malloc.h>

#include <string>
#include <vector>

#include "sqlroute/engine.h"

namespace {

// `databases` data sources, each holding `tables_per_database` tables of t_order.
std::string Rules(int databases, int tables_per_database) {
  std::string yaml = "dataSources:\n";
  for (int d = 0; d < databases; ++d) yaml += "  ds_" + std::to_string(d) + ": {url: x}\n";
  yaml += "rules:\n- !SHARDING\n  tables:\n    t_order:\n";
  yaml += "      actualDataNodes: ds_${0.." + std::to_string(databases - 1) + "}.t_order_${0.." +
          std::to_string(tables_per_database - 1) + "}\n";
  yaml += "      databaseStrategy: {standard: {shardingColumn: user_id, shardingAlgorithmName: db}}\n";
  yaml += "      tableStrategy: {standard: {shardingColumn: order_id, shardingAlgorithmName: t}}\n";
  yaml += "  shardingAlgorithms:\n";
  yaml += "    db: {type: INLINE, props: {algorithm-expression: \"ds_${user_id % " + std::to_string(databases) + "}\"}}\n";
  yaml += "    t: {type: INLINE, props: {algorithm-expression: \"t_order_${order_id % " +
          std::to_string(tables_per_database) + "}\"}}\n";
  return yaml;
}

void BM_CompileRules(benchmark::State& state) {
  const std::string yaml = Rules(static_cast<int>(state.range(0)), static_cast<int>(state.range(1)));
  std::size_t bytes = 0;
  for (auto _ : state) {
    std::size_t before = mallinfo2().uordblks;
    auto rules = sqlroute::RuleSet::FromYamlString(yaml);
    bytes = mallinfo2().uordblks - before;
    benchmark::DoNotOptimize(rules);
  }
  state.counters["nodes"] = static_cast<double>(state.range(0) * state.range(1));
  state.counters["MiB"] = static_cast<double>(bytes) / (1024.0 * 1024.0);
}
BENCHMARK(BM_CompileRules)->Args({2, 5})->Args({10, 1000})->Args({1000, 10})->Unit(benchmark::kMillisecond);

void BM_PointRoute(benchmark::State& state) {
  sqlroute::Engine engine = sqlroute::Engine::FromYamlString(
      Rules(static_cast<int>(state.range(0)), static_cast<int>(state.range(1))));
  std::vector<sqlroute::Value> params = {sqlroute::Value::Int(7), sqlroute::Value::Int(12345)};
  for (auto _ : state) {
    benchmark::DoNotOptimize(engine.Route("SELECT * FROM t_order WHERE user_id = ? AND order_id = ?", params));
  }
  state.counters["nodes"] = static_cast<double>(state.range(0) * state.range(1));
}
BENCHMARK(BM_PointRoute)->Args({2, 5})->Args({10, 1000})->Unit(benchmark::kMicrosecond);

// No sharding condition: every node, its statements joined by UNION ALL per data source.
void BM_FullRoute(benchmark::State& state) {
  sqlroute::Engine engine = sqlroute::Engine::FromYamlString(
      Rules(static_cast<int>(state.range(0)), static_cast<int>(state.range(1))));
  for (auto _ : state) benchmark::DoNotOptimize(engine.Route("SELECT * FROM t_order WHERE status = ?", {sqlroute::Value::Int(1)}));
  state.counters["nodes"] = static_cast<double>(state.range(0) * state.range(1));
}
BENCHMARK(BM_FullRoute)->Args({10, 1000})->Args({1000, 10})->Unit(benchmark::kMillisecond);

void BM_InListRoute(benchmark::State& state) {
  sqlroute::Engine engine = sqlroute::Engine::FromYamlString(Rules(4, 4));
  std::string sql = "SELECT * FROM t_order WHERE user_id = 1 AND order_id IN (";
  std::vector<sqlroute::Value> params;
  for (int i = 0; i < state.range(0); ++i) {
    sql += i ? ", ?" : "?";
    params.push_back(sqlroute::Value::Int(i));
  }
  sql += ")";
  for (auto _ : state) benchmark::DoNotOptimize(engine.Route(sql, params));
}
BENCHMARK(BM_InListRoute)->Arg(1000)->Unit(benchmark::kMicrosecond);

}  // namespace
