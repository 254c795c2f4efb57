// Cached routing throughput with 1 and 2 threads, as a proxy's long-lived workers see it: two
// worker threads are started once and warmed up; each round lets one, then both, route the
// same statement for a fixed time. Rounds alternate so that drift on a noisy machine hits both
// sides alike; the medians over rounds are printed.
//   sqlroute_scaling <rules.yaml> [rounds] [round_ms]
//   prints, per statement: name  1-thread/s  2-threads/s  ratio (median of the per-round ratios)
#include <algorithm>
#include <atomic>
#include <chrono>
#include <condition_variable>
#include <cstdio>
#include <mutex>
#include <string>
#include <thread>
#include <vector>

#include "parser/sql_parser.h"
#include "read_file.h"
#include "sqlroute/engine.h"

namespace {

using Clock = std::chrono::steady_clock;

struct Statement {
  const char* name;
  std::vector<std::string> sqls;  // routed in turn
  std::vector<sqlroute::Value> params;
};

// Two workers that route `statement` while `active` says so; Round() returns routes per second.
class Workers {
 public:
  explicit Workers(const sqlroute::Engine& engine) : engine_(engine) {
    for (int id = 0; id < 2; ++id) threads_.emplace_back([this, id] { Loop(id); });
  }
  ~Workers() {
    {
      std::lock_guard<std::mutex> lock(mutex_);
      stop_ = true;
    }
    changed_.notify_all();
    for (auto& thread : threads_) thread.join();
  }

  double Round(const Statement& statement, int threads, int round_ms) {
    {
      std::lock_guard<std::mutex> lock(mutex_);
      statement_ = &statement;
      active_ = threads;
      routed_[0] = routed_[1] = 0;
      running_ = true;
      ++generation_;
    }
    changed_.notify_all();
    auto start = Clock::now();
    std::this_thread::sleep_for(std::chrono::milliseconds(round_ms));
    running_.store(false);
    std::unique_lock<std::mutex> lock(mutex_);
    done_.wait(lock, [&] { return finished_ == threads; });
    finished_ = 0;
    double seconds = std::chrono::duration<double>(Clock::now() - start).count();
    return static_cast<double>(routed_[0] + routed_[1]) / seconds;
  }

 private:
  void Loop(int id) {
    uint64_t seen = 0;
    for (;;) {
      const Statement* statement;
      {
        std::unique_lock<std::mutex> lock(mutex_);
        changed_.wait(lock, [&] { return stop_ || (generation_ != seen && id < active_); });
        if (stop_) return;
        seen = generation_;
        statement = statement_;
      }
      uint64_t count = 0;
      std::size_t next = static_cast<std::size_t>(id) * 101;
      while (running_.load(std::memory_order_relaxed)) {
        for (int i = 0; i < 64; ++i) {
          const std::string& sql = statement->sqls[next++ % statement->sqls.size()];
          auto plan = engine_.Route(sql, statement->params);
          if (plan.units.empty()) std::abort();
        }
        count += 64;
      }
      std::lock_guard<std::mutex> lock(mutex_);
      routed_[id] = count;
      ++finished_;
      done_.notify_all();
    }
  }

  const sqlroute::Engine& engine_;
  std::mutex mutex_;
  std::condition_variable changed_, done_;
  std::vector<std::thread> threads_;
  const Statement* statement_ = nullptr;
  int active_ = 0;
  int finished_ = 0;
  uint64_t generation_ = 0;
  uint64_t routed_[2] = {0, 0};
  bool stop_ = false;
  std::atomic<bool> running_{false};
};

double Median(std::vector<double> values) {
  std::sort(values.begin(), values.end());
  return values[values.size() / 2];
}

}  // namespace

int main(int argc, char** argv) {
  if (argc < 2) {
    std::fprintf(stderr, "usage: %s <rules.yaml> [rounds] [round_ms]\n", argv[0]);
    return 2;
  }
  std::string rules = sqlroute::bench::ReadFile(argv[1]);
  int rounds = argc > 2 ? std::max(1, std::atoi(argv[2])) : 7;
  int round_ms = argc > 3 ? std::max(10, std::atoi(argv[3])) : 300;
  sqlroute::parser::WarmUp();
  sqlroute::Engine engine = sqlroute::Engine::FromYamlString(rules);
  std::vector<Statement> statements = {{"point_select", {"SELECT c FROM t_user WHERE id=?"}, {sqlroute::Value::Int(7)}},
                                       {"point_select_literal", {}, {}}};
  for (int id = 0; id < 1000; ++id) {
    statements[1].sqls.push_back("SELECT c FROM t_user WHERE id=" + std::to_string(id * 7919 % 100000));
  }
  Workers workers(engine);
  std::printf("%-22s %14s %14s %7s\n", "statement", "1 thread/s", "2 threads/s", "ratio");
  for (const Statement& statement : statements) {
    workers.Round(statement, 2, round_ms);  // warm-up: cache entries, thread-local state
    std::vector<double> one, two, ratios;
    for (int round = 0; round < rounds; ++round) {
      one.push_back(workers.Round(statement, 1, round_ms));
      two.push_back(workers.Round(statement, 2, round_ms));
      ratios.push_back(two.back() / one.back());
    }
    std::printf("%-22s %14.0f %14.0f %7.2f\n", statement.name, Median(one), Median(two), Median(ratios));
  }
  return 0;
}
