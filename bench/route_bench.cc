// Parse and parse+route+rewrite cost of the sysbench oltp_read_write statements under the
// seed's sharding rule (t_user, MOD 10 over 4 data sources).
#include <benchmark/benchmark.h>

#include <string>
#include <vector>

#include "parser/sql_parser.h"
#include "sqlroute/engine.h"

namespace {

struct Statement {
  const char* name;
  const char* sql;
  std::vector<sqlroute::Value> params;
};

const std::vector<Statement>& Sysbench() {
  using sqlroute::Value;
  static const std::vector<Statement> statements = {
      {"point_select", "SELECT c FROM t_user WHERE id=?", {Value::Int(7)}},
      {"simple_range", "SELECT c FROM t_user WHERE id BETWEEN ? AND ?", {Value::Int(100), Value::Int(199)}},
      {"sum_range", "SELECT SUM(k) FROM t_user WHERE id BETWEEN ? AND ?", {Value::Int(100), Value::Int(101)}},
      {"order_range", "SELECT c FROM t_user WHERE id BETWEEN ? AND ? ORDER BY c", {Value::Int(3), Value::Int(4)}},
      {"distinct_range", "SELECT DISTINCT c FROM t_user WHERE id BETWEEN ? AND ? ORDER BY c",
       {Value::Int(3), Value::Int(4)}},
      {"index_update", "UPDATE t_user SET k=k+1 WHERE id=?", {Value::Int(42)}},
      {"non_index_update", "UPDATE t_user SET c=? WHERE id=?", {Value::String(std::string(120, 'c')), Value::Int(42)}},
      {"delete", "DELETE FROM t_user WHERE id=?", {Value::Int(42)}},
      {"insert", "INSERT INTO t_user (id, k, c, pad) VALUES (?, ?, ?, ?)",
       {Value::Int(42), Value::Int(1), Value::String(std::string(120, 'c')), Value::String(std::string(60, 'p'))}},
  };
  return statements;
}

const sqlroute::Engine& ShardingEngine() {
  static const sqlroute::Engine engine =
      sqlroute::Engine::FromYamlFile(std::string(SQLROUTE_SOURCE_DIR) + "/tests/golden/rules/sysbench_sharding.yaml");
  return engine;
}

void BM_Parse(benchmark::State& state) {
  const Statement& statement = Sysbench()[static_cast<std::size_t>(state.range(0))];
  state.SetLabel(statement.name);
  for (auto _ : state) benchmark::DoNotOptimize(sqlroute::parser::Parse(statement.sql));
}

void BM_Route(benchmark::State& state) {
  const Statement& statement = Sysbench()[static_cast<std::size_t>(state.range(0))];
  state.SetLabel(statement.name);
  const sqlroute::Engine& engine = ShardingEngine();
  for (auto _ : state) benchmark::DoNotOptimize(engine.Route(statement.sql, statement.params));
}

void Statements(benchmark::internal::Benchmark* bench) {
  for (std::size_t i = 0; i < Sysbench().size(); ++i) bench->Arg(static_cast<int>(i));
}

BENCHMARK(BM_Parse)->Apply(Statements);
BENCHMARK(BM_Route)->Apply(Statements);

}  // namespace
