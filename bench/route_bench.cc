// Parse+route+rewrite cost of the sysbench oltp_read_write statements under the seed's four
// scenarios (sharding, read/write splitting, encryption, shadow), with the plan cache off and
// on; thread scaling of the point select; and complex statements. Names:
//   route/<scenario>/<statement>/<uncached|cached|reused>[/threads:N]
//   (reused: cached, through Engine::RouteInto into one Plan kept across calls, as a proxy would)
//   route/sharding/point_select/unseen: each statement of a shape the cache has not seen
//   parse/<statement>: the parser alone (sysbench statements and larger ones)
#include <benchmark/benchmark.h>

#include <map>
#include <memory>
#include <random>
#include <string>
#include <vector>

#include "alloc_counter.h"
#include "cache/sql_normalizer.h"
#include "parser/sql_parser.h"
#include "read_file.h"
#include "sqlroute/engine.h"
#include "sqlroute/error.h"

namespace {

using sqlroute::Engine;
using sqlroute::Value;

struct Statement {
  std::string name;
  std::vector<std::string> sqls;  // routed in turn (several: literal values that differ per call)
  std::vector<std::vector<Value>> param_sets;  // routed in turn too
};

struct Scenario {
  const char* name;
  const char* rules;  // relative to the project root
  const char* hint;   // appended to the seed's hinted statements (shadow: the SIMPLE_HINT comment)
};

const Scenario kScenarios[] = {
    {"sharding", "tests/golden/rules/sysbench_sharding.yaml", ""},
    {"readwrite", "tests/golden/rules/readwrite.yaml", ""},
    {"encrypt", "bench/rules/sysbench_encrypt.yaml", ""},
    {"shadow", "tests/golden/rules/shadow.yaml", " /*shadow:true*/"},
};

// Parameter sets as sysbench draws them for the seed's runs (--rand-type=uniform, a table of
// 1,000,000 rows, ranges of 100 ids): `make(id)` gives one set for a uniform random id.
template <typename Make>
std::vector<std::vector<Value>> Draws(Make make) {
  std::mt19937 random(20261201);
  std::uniform_int_distribution<int32_t> id(1, 1000000);
  std::vector<std::vector<Value>> sets;
  for (int i = 0; i < 64; ++i) sets.push_back(make(id(random)));
  return sets;
}

std::vector<std::vector<Value>> Fixed(std::vector<Value> params) { return {std::move(params)}; }

// sysbench's oltp_common.lua statements; `hint` goes where the seed's modified script puts it.
std::vector<Statement> Sysbench(const std::string& hint) {
  std::string c(120, 'c'), pad(60, 'p');
  auto point = Draws([](int32_t id) { return std::vector<Value>{Value::Int(id)}; });
  auto range = Draws([](int32_t id) { return std::vector<Value>{Value::Int(id), Value::Int(id + 99)}; });
  return {
      {"point_select", {"SELECT c FROM t_user WHERE id=?" + hint}, point},
      {"simple_range", {"SELECT c FROM t_user WHERE id BETWEEN ? AND ?"}, range},
      {"sum_range", {"SELECT SUM(k) FROM t_user WHERE id BETWEEN ? AND ?"}, range},
      {"order_range", {"SELECT c FROM t_user WHERE id BETWEEN ? AND ? ORDER BY c"}, range},
      {"distinct_range", {"SELECT DISTINCT c FROM t_user WHERE id BETWEEN ? AND ? ORDER BY c"}, range},
      {"index_update", {"UPDATE t_user SET k=k+1 WHERE id=?" + hint}, point},
      {"non_index_update", {"UPDATE t_user SET c=? WHERE id=?" + hint},
       Draws([&](int32_t id) { return std::vector<Value>{Value::String(c), Value::Int(id)}; })},
      {"delete", {"DELETE FROM t_user WHERE id=?" + hint}, point},
      {"insert", {"INSERT INTO t_user (id, k, c, pad) VALUES (?, ?, ?, ?)" + hint},
       Draws([&](int32_t id) { return std::vector<Value>{Value::Int(id), Value::Int(id % 1000), Value::String(c), Value::String(pad)}; })},
  };
}

// Literal statements: the same shape with another value on each call.
Statement LiteralPointSelect() {
  Statement statement{"point_select_literal", {}, Fixed({})};
  for (int id = 0; id < 1000; ++id) statement.sqls.push_back("SELECT c FROM t_user WHERE id=" + std::to_string(id * 7919 % 100000));
  return statement;
}

Statement InsertHundredRows() {
  std::string sql = "INSERT INTO t_user (id, k, c, pad) VALUES ";
  for (int i = 0; i < 100; ++i) {
    sql += (i ? ", (" : "(") + std::to_string(i * 31) + ", " + std::to_string(i) + ", '" + std::string(120, 'c') +
           "', '" + std::string(60, 'p') + "')";
  }
  return {"insert_100_rows", {sql}, Fixed({})};
}

Statement InValues(int count) {
  std::string sql = "SELECT c FROM t_user WHERE id IN (";
  for (int i = 0; i < count; ++i) sql += (i ? ", " : "") + std::to_string(i * 13);
  return {"in_" + std::to_string(count) + "_values", {sql + ")"}, Fixed({})};
}

std::vector<Statement> OrderStatements() {
  return {
      {"join", {"SELECT o.order_id, i.item_id FROM t_order o JOIN t_order_item i ON o.order_id = i.order_id "
                "WHERE o.user_id = ? AND o.order_id = ?"}, Fixed({Value::Int(1), Value::Int(2)})},
      {"aggregate", {"SELECT user_id, COUNT(*) AS n, SUM(order_id), AVG(order_id) FROM t_order WHERE user_id IN (?, ?) "
                     "GROUP BY user_id HAVING n > 1 ORDER BY user_id LIMIT 10"}, Fixed({Value::Int(1), Value::Int(2)})},
  };
}

const Engine& EngineFor(const std::string& rules, bool cached) {
  static std::map<std::pair<std::string, bool>, std::unique_ptr<Engine>> engines;
  auto& slot = engines[{rules, cached}];
  if (!slot) {
    sqlroute::parser::WarmUp();
    std::string yaml = sqlroute::bench::ReadFile(std::string(SQLROUTE_SOURCE_DIR) + "/" + rules) +
                       (cached ? "" : "\nprops:\n  sql-plan-cache-enabled: false\n");
    slot = std::make_unique<Engine>(Engine::FromYamlString(yaml));
  }
  return *slot;
}

enum class Mode { Uncached, Cached, Reused };

void BM_Route(benchmark::State& state, const std::string& rules, const Statement& shared, Mode mode) {
  // Each thread routes with its own copy of the engine handle, texts and parameters, as a
  // proxy's worker would: read from the memory of the thread that made them, they would share
  // cache lines with what that thread writes (common/shared_heap.h).
  const Engine engine = EngineFor(rules, mode != Mode::Uncached);
  const Statement statement = shared;
  try {
    engine.Route(statement.sqls[0], statement.param_sets[0]);
  } catch (const sqlroute::Error& error) {  // e.g. ORDER BY an encrypted column, as ShardingSphere
    state.SkipWithError(error.what());
    return;
  }
  std::size_t next = static_cast<std::size_t>(state.thread_index()) * 101;
  sqlroute::Plan reused;
  uint64_t allocations = sqlroute::bench::AllocationsOnThisThread();
  for (auto _ : state) {
    const std::string& sql = statement.sqls[next % statement.sqls.size()];
    const std::vector<Value>& params = statement.param_sets[next % statement.param_sets.size()];
    ++next;
    if (mode == Mode::Reused) {
      engine.RouteInto(reused, sql, params);
      benchmark::DoNotOptimize(reused);
    } else {
      benchmark::DoNotOptimize(engine.Route(sql, params));
    }
  }
  state.SetItemsProcessed(state.iterations());
  state.counters["allocs"] = benchmark::Counter(
      static_cast<double>(sqlroute::bench::AllocationsOnThisThread() - allocations) / static_cast<double>(state.iterations()));
}

// Every statement of a shape the cache has not seen (a column alias numbered anew), with the
// cache on: parsed, and older shapes evicted once the cache is full.
void BM_Unseen(benchmark::State& state, const std::string& rules, const Statement& statement) {
  const Engine& engine = EngineFor(rules, true);
  static uint64_t shape = 0;
  std::size_t next = 0;
  for (auto _ : state) {
    std::string sql = "SELECT c AS c" + std::to_string(++shape) + statement.sqls[0].substr(8);
    benchmark::DoNotOptimize(engine.Route(sql, statement.param_sets[next++ % statement.param_sets.size()]));
  }
}

void BM_Parse(benchmark::State& state, const Statement& statement) {
  for (auto _ : state) benchmark::DoNotOptimize(sqlroute::parser::Parse(statement.sqls[0]));
}

void BM_Normalize(benchmark::State& state, const Statement& statement) {
  for (auto _ : state) benchmark::DoNotOptimize(sqlroute::cache::Normalize(statement.sqls[0]));
}

void RegisterRoute(const std::string& scenario, const std::string& rules, const Statement& statement, bool threads) {
  const std::pair<Mode, const char*> modes[] = {{Mode::Uncached, "uncached"}, {Mode::Cached, "cached"}, {Mode::Reused, "reused"}};
  for (const auto& [mode, label] : modes) {
    std::string name = "route/" + scenario + "/" + statement.name + "/" + label;
    auto* bench = benchmark::RegisterBenchmark(name.c_str(), BM_Route, rules, statement, mode);
    if (threads) bench->Threads(1)->Threads(2)->UseRealTime();
  }
}

const bool kRegistered = [] {
  for (const Scenario& scenario : kScenarios) {
    for (const Statement& statement : Sysbench(scenario.hint)) {
      bool threads = std::string(scenario.name) == "sharding" && statement.name == "point_select";
      RegisterRoute(scenario.name, scenario.rules, statement, threads);
    }
  }
  const std::string sharding = kScenarios[0].rules;
  const Statement point_select = Sysbench("")[0];
  benchmark::RegisterBenchmark("route/sharding/point_select/unseen", BM_Unseen, sharding, point_select);
  RegisterRoute("sharding", sharding, LiteralPointSelect(), true);
  RegisterRoute("sharding", sharding, InsertHundredRows(), false);
  RegisterRoute("sharding", sharding, InValues(1000), false);
  RegisterRoute("sharding", sharding, InValues(100000), false);
  for (const Statement& statement : OrderStatements()) RegisterRoute("order_binding", "tests/golden/rules/order_binding.yaml", statement, false);
  for (const Statement& statement : Sysbench("")) {
    benchmark::RegisterBenchmark(("parse/" + statement.name).c_str(), BM_Parse, statement);
    benchmark::RegisterBenchmark(("normalize/" + statement.name).c_str(), BM_Normalize, statement);
  }
  std::vector<Statement> larger = OrderStatements();
  larger.push_back(InsertHundredRows());
  larger.push_back(InValues(1000));
  for (const Statement& statement : larger) {
    benchmark::RegisterBenchmark(("parse/" + statement.name).c_str(), BM_Parse, statement);
  }
  return true;
}();

}  // namespace
