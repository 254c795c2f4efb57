// Memory of the plan cache under a workload of many shapes: 1,000,000 statements drawn from
// 100,000 distinct shapes (a fixed pseudo-random order), routed through one engine with the
// default bounds (10,000 entries, 64 MiB). Prints the resident set size as the statements go
// (it must stay flat once the cache is full) and the bytes per cache entry: measured (RSS
// growth over the entries held) and estimated (the cache's own byte count).
//   sqlroute_cache_memory [statements] [shapes]
#include <malloc.h>

#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <iterator>
#include <string>
#include <vector>

#include "cache/epoch.h"
#include "parser/sql_parser.h"
#include "read_file.h"
#include "sqlroute/engine.h"

namespace {

long RssKiB() {
  std::ifstream status("/proc/self/status");
  std::string line;
  while (std::getline(status, line)) {
    if (line.rfind("VmRSS:", 0) == 0) return std::strtol(line.c_str() + 6, nullptr, 10);
  }
  return -1;
}

// The seed's sharding scenario, as the golden tests have it.
std::string Rules() {
  return sqlroute::bench::ReadFile(std::string(SQLROUTE_SOURCE_DIR) + "/tests/golden/rules/sysbench_sharding.yaml");
}

// Shape `n`: sysbench-like statements whose column lists and aliases make each one distinct.
std::string Statement(unsigned n, unsigned value) {
  std::string v = std::to_string(value);
  std::string c = "c" + std::to_string(n);
  switch (n % 4) {
    case 0: return "SELECT " + c + ", k FROM t_user WHERE id = " + v;
    case 1: return "SELECT " + c + " AS x FROM t_user WHERE id = " + v + " AND k > 5";
    case 2: return "UPDATE t_user SET " + c + " = 'v' WHERE id = " + v;
    default: return "SELECT SUM(" + c + ") FROM t_user WHERE id = " + v;
  }
}

}  // namespace

int main(int argc, char** argv) {
  const unsigned statements = argc > 1 ? static_cast<unsigned>(std::atol(argv[1])) : 1000000;
  const unsigned shapes = argc > 2 ? static_cast<unsigned>(std::atol(argv[2])) : 100000;
  sqlroute::parser::WarmUp();
  sqlroute::Engine engine = sqlroute::Engine::FromYamlString(Rules());
  engine.Route("SELECT c FROM t_user WHERE id = 1");
  malloc_trim(0);
  long empty = RssKiB();
  std::printf("%10s %10s %9s %12s %10s\n", "statements", "rss_kib", "entries", "cache_bytes", "hit_rate");
  unsigned long long state = 88172645463325252ull;
  auto start = std::chrono::steady_clock::now();
  long full_rss = 0;
  sqlroute::PlanCacheStats full{};
  for (unsigned i = 1; i <= statements; ++i) {
    state ^= state << 13;
    state ^= state >> 7;
    state ^= state << 17;
    unsigned shape = static_cast<unsigned>(state % shapes);
    engine.Route(Statement(shape, static_cast<unsigned>(state >> 32) % 100000));
    if (i % (statements / 10) == 0) {
      sqlroute::cache::ReclaimRetired();
      sqlroute::PlanCacheStats stats = engine.plan_cache_stats();
      long rss = RssKiB();
      std::printf("%10u %10ld %9zu %12zu %9.1f%%\n", i, rss, stats.entries, stats.bytes,
                  100.0 * static_cast<double>(stats.hits) / static_cast<double>(stats.hits + stats.misses));
      std::fflush(stdout);
      if (i == statements / 5) {
        full_rss = rss;
        full = stats;
      }
    }
  }
  sqlroute::PlanCacheStats end = engine.plan_cache_stats();
  long end_rss = RssKiB();
  double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  std::printf("rss before: %ld KiB; at 20%% of the statements: %ld KiB; at the end: %ld KiB (drift %+.1f%%)\n", empty,
              full_rss, end_rss, 100.0 * static_cast<double>(end_rss - full_rss) / static_cast<double>(full_rss));
  std::printf("bytes per entry: measured %.0f (RSS growth / %zu entries), estimated %.0f (cache bytes / entries)\n",
              1024.0 * static_cast<double>(end_rss - empty) / static_cast<double>(end.entries), end.entries,
              static_cast<double>(end.bytes) / static_cast<double>(end.entries));
  std::printf("%u statements in %.1f s (%.1f us each)\n", statements, seconds, 1e6 * seconds / statements);
  (void)full;
  return 0;
}
