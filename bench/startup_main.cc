// Engine construction including warm-up, in a fresh process (what a proxy pays at start):
// the parser's warm-up (ANTLR's caches), compiling the rules, and the first route of each
// sysbench statement (which parses it and caches its model), in milliseconds.
//   sqlroute_startup <rules.yaml> [hint]   prints: warmup_ms compile_ms first_routes_ms total_ms
#include <chrono>
#include <cstdio>
#include <string>
#include <vector>

#include "parser/sql_parser.h"
#include "read_file.h"
#include "sqlroute/engine.h"
#include "sqlroute/error.h"

namespace {

double Since(std::chrono::steady_clock::time_point start) {
  return std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count();
}

}  // namespace

int main(int argc, char** argv) {
  if (argc < 2) {
    std::fprintf(stderr, "usage: %s <rules.yaml> [hint]\n", argv[0]);
    return 2;
  }
  std::string rules = sqlroute::bench::ReadFile(argv[1]);
  std::string hint = argc > 2 ? argv[2] : "";
  using sqlroute::Value;
  std::string c(120, 'c'), pad(60, 'p');
  const std::vector<std::pair<std::string, std::vector<Value>>> statements = {
      {"SELECT c FROM t_user WHERE id=?" + hint, {Value::Int(7)}},
      {"SELECT c FROM t_user WHERE id BETWEEN ? AND ?", {Value::Int(100), Value::Int(199)}},
      {"SELECT SUM(k) FROM t_user WHERE id BETWEEN ? AND ?", {Value::Int(100), Value::Int(101)}},
      {"SELECT c FROM t_user WHERE id BETWEEN ? AND ? ORDER BY c", {Value::Int(3), Value::Int(4)}},
      {"SELECT DISTINCT c FROM t_user WHERE id BETWEEN ? AND ? ORDER BY c", {Value::Int(3), Value::Int(4)}},
      {"UPDATE t_user SET k=k+1 WHERE id=?" + hint, {Value::Int(42)}},
      {"UPDATE t_user SET c=? WHERE id=?" + hint, {Value::String(c), Value::Int(42)}},
      {"DELETE FROM t_user WHERE id=?" + hint, {Value::Int(42)}},
      {"INSERT INTO t_user (id, k, c, pad) VALUES (?, ?, ?, ?)" + hint,
       {Value::Int(42), Value::Int(1), Value::String(c), Value::String(pad)}},
  };
  auto start = std::chrono::steady_clock::now();
  sqlroute::parser::WarmUp();
  double warmup = Since(start);
  auto compiled = std::chrono::steady_clock::now();
  sqlroute::Engine engine = sqlroute::Engine::FromYamlString(rules);
  double compile = Since(compiled);
  auto routed = std::chrono::steady_clock::now();
  for (int round = 0; round < 2; ++round) {
    for (const auto& [sql, params] : statements) {
      try {
        engine.Route(sql, params);
      } catch (const sqlroute::Error&) {  // e.g. ORDER BY an encrypted column
      }
    }
  }
  double first_routes = Since(routed);
  std::printf("%.2f %.2f %.2f %.2f\n", warmup, compile, first_routes, Since(start));
  return 0;
}
