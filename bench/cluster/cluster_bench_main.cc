// Cluster-mode measures over a real ZooKeeper (bench/cluster/run.sh starts one):
//  - propagation: the time from ApplyDistSql returning on one instance until every instance of
//    the process routes on the new rules, for 2, 8 and 32 in-process instances;
//  - routing throughput of one instance while another changes the rules every 100 ms, against
//    the same routing with no changes.
// Usage: sqlroute_cluster_bench zookeeper://host:port ROUNDS SECONDS
#include <algorithm>
#include <atomic>
#include <chrono>
#include <cstdio>
#include <string>
#include <thread>
#include <vector>

#include <unistd.h>

#include "sqlroute/cluster_engine.h"

namespace {

using Clock = std::chrono::steady_clock;

const char kRules[] = R"(databaseName: bench_db
dataSources:
  ds_0: {url: "jdbc:mysql://127.0.0.1:3306/bench_0", username: bench, password: bench}
  ds_1: {url: "jdbc:mysql://127.0.0.1:3306/bench_1", username: bench, password: bench}
rules:
- !SHARDING
  tables:
    t_user:
      actualDataNodes: ds_${0..1}.t_user_${0..3}
      databaseStrategy: {standard: {shardingColumn: id, shardingAlgorithmName: by_id_db}}
      tableStrategy: {standard: {shardingColumn: id, shardingAlgorithmName: by_id}}
  shardingAlgorithms:
    by_id_db: {type: INLINE, props: {algorithm-expression: "ds_${id % 2}"}}
    by_id: {type: INLINE, props: {algorithm-expression: "t_user_${id % 4}"}}
)";
const char kQuery[] = "SELECT * FROM t_user WHERE id = ?";

// The rules with the table algorithm shifted by `shift`: id 7 goes to t_user_{(7 + shift) % 4}.
std::string Alter(int shift) {
  return "ALTER SHARDING TABLE RULE t_user (DATANODES('ds_${0..1}.t_user_${0..3}'), "
         "DATABASE_STRATEGY(TYPE='standard', SHARDING_COLUMN=id, SHARDING_ALGORITHM(TYPE(NAME='INLINE', "
         "PROPERTIES('algorithm-expression'='ds_${id % 2}')))), "
         "TABLE_STRATEGY(TYPE='standard', SHARDING_COLUMN=id, SHARDING_ALGORITHM(TYPE(NAME='INLINE', "
         "PROPERTIES('algorithm-expression'='t_user_${(id + " + std::to_string(shift) + ") % 4}')))));";
}

std::string TargetOf(const sqlroute::Engine& engine) {
  return engine.Route(kQuery, {sqlroute::Value::Int(7)}).units.at(0).sql;
}

std::vector<sqlroute::ClusterEngine> JoinAll(const std::string& base_url, int count) {
  std::vector<sqlroute::ClusterEngine> engines;
  std::string url = base_url + "/bench_" + std::to_string(count) + "_" + std::to_string(::getpid());
  for (int i = 0; i < count; ++i) {
    sqlroute::cluster::ClusterOptions options;
    options.connect_timeout_ms = 20000;
    options.log = [](const std::string&) {};
    if (i == 0) options.initial_yaml = kRules;
    engines.push_back(sqlroute::ClusterEngine::FromCluster(url, "bench_db", options));
  }
  return engines;
}

double Percentile(std::vector<double> values, double share) {
  std::sort(values.begin(), values.end());
  return values[std::min(values.size() - 1, static_cast<std::size_t>(share * static_cast<double>(values.size())))];
}

void Propagation(const std::string& url, int count, int rounds) {
  std::vector<sqlroute::ClusterEngine> engines = JoinAll(url, count);
  std::vector<double> millis;
  for (int round = 1; round <= rounds; ++round) {
    engines[0].ApplyDistSql(Alter(round));
    auto applied = Clock::now();
    std::string expected = TargetOf(engines[0].engine());
    for (auto& each : engines) {
      while (TargetOf(each.engine()) != expected) std::this_thread::sleep_for(std::chrono::microseconds(50));
    }
    millis.push_back(std::chrono::duration<double, std::milli>(Clock::now() - applied).count());
  }
  std::printf("propagation  instances=%-3d rounds=%-3d min=%.1f ms  median=%.1f ms  p95=%.1f ms  max=%.1f ms\n",
              count, rounds, Percentile(millis, 0), Percentile(millis, 0.5), Percentile(millis, 0.95),
              Percentile(millis, 1.0));
  for (auto& each : engines) each.Close();
}

double RoutesPerSecond(const sqlroute::Engine& engine, double seconds, std::atomic<bool>* failed) {
  auto end = Clock::now() + std::chrono::duration<double>(seconds);
  long routed = 0;
  sqlroute::Plan plan;
  std::vector<sqlroute::Value> params{sqlroute::Value::Int(7)};
  while (Clock::now() < end) {
    for (int i = 0; i < 256; ++i) {
      try {
        engine.RouteInto(plan, kQuery, params);
      } catch (const sqlroute::Error&) {
        failed->store(true);
      }
    }
    routed += 256;
  }
  return static_cast<double>(routed) / seconds;
}

// Quiet and changing phases alternate, three of each, so that drift on a shared machine hits both.
void ThroughputUnderChanges(const std::string& url, double seconds) {
  std::vector<sqlroute::ClusterEngine> engines = JoinAll(url, 2);
  std::atomic<bool> failed{false};
  sqlroute::Engine router = engines[1].engine();
  RoutesPerSecond(router, 0.5, &failed);  // warm-up
  std::vector<double> quiet, busy;
  int changes = 0, shift = 0;
  for (int phase = 0; phase < 3; ++phase) {
    quiet.push_back(RoutesPerSecond(router, seconds, &failed));
    std::atomic<bool> stop{false};
    std::thread writer([&] {
      auto next = Clock::now();
      while (!stop.load()) {
        engines[0].ApplyDistSql(Alter(++shift));
        ++changes;
        next += std::chrono::milliseconds(100);
        std::this_thread::sleep_until(next);
      }
    });
    busy.push_back(RoutesPerSecond(router, seconds, &failed));
    stop.store(true);
    writer.join();
  }
  double quiet_median = Percentile(quiet, 0.5), busy_median = Percentile(busy, 0.5);
  std::printf("throughput   quiet=%.0f routes/s  rules changing every 100 ms=%.0f routes/s (%.0f%%; %d changes in %.0f s)%s\n",
              quiet_median, busy_median, 100.0 * busy_median / quiet_median, changes, 3 * seconds,
              failed.load() ? "  ROUTING ERRORS" : "");
  for (auto& each : engines) each.Close();
}

}  // namespace

int main(int argc, char** argv) {
  if (argc < 4) {
    std::fprintf(stderr, "usage: %s zookeeper://host:port ROUNDS SECONDS\n", argv[0]);
    return 2;
  }
  std::string url = argv[1];
  int rounds = std::stoi(argv[2]);
  double seconds = std::stod(argv[3]);
  try {
    for (int count : {2, 8, 32}) Propagation(url, count, rounds);
    ThroughputUnderChanges(url, seconds);
  } catch (const sqlroute::Error& error) {
    std::fprintf(stderr, "%s\n", error.what());
    return 1;
  }
  return 0;
}
