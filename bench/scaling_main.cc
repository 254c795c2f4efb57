// Cached routing throughput with 1 and 2 threads, as a proxy's long-lived workers see it: two
// worker threads are started once and warmed up; each round lets one, then both, run a job for
// a fixed time. Rounds alternate so that drift on a noisy machine hits both sides alike.
// Two control jobs run in the same rounds and tell what this host gives two threads of code
// that shares nothing: `control_compute` (registers only) and `control_heap` (allocates,
// copies and frees strings, as routing does).
//   sqlroute_scaling <rules.yaml> [rounds] [round_ms]
//   prints, per job: name  1-thread/s  2-threads/s  ratio (median of the per-round ratios)
#include <algorithm>
#include <atomic>
#include <chrono>
#include <condition_variable>
#include <cstdio>
#include <functional>
#include <mutex>
#include <string>
#include <thread>
#include <vector>

#include "parser/sql_parser.h"
#include "read_file.h"
#include "sqlroute/engine.h"

namespace {

using Clock = std::chrono::steady_clock;

// One batch of work for worker `id`; returns the number of operations done.
using Batch = std::function<uint64_t(int id, uint64_t& step)>;

struct Job {
  const char* name;
  Batch batch;
};

// Two workers that run `job` while `active` says so; Round() returns operations per second.
class Workers {
 public:
  Workers() {
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

  double Round(const Job& job, int threads, int round_ms) {
    {
      std::lock_guard<std::mutex> lock(mutex_);
      job_ = &job;
      active_ = threads;
      done_count_[0] = done_count_[1] = 0;
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
    return static_cast<double>(done_count_[0] + done_count_[1]) / seconds;
  }

 private:
  void Loop(int id) {
    uint64_t seen = 0;
    uint64_t step = static_cast<uint64_t>(id) * 101;
    for (;;) {
      const Job* job;
      {
        std::unique_lock<std::mutex> lock(mutex_);
        changed_.wait(lock, [&] { return stop_ || (generation_ != seen && id < active_); });
        if (stop_) return;
        seen = generation_;
        job = job_;
      }
      uint64_t count = 0;
      while (running_.load(std::memory_order_relaxed)) count += job->batch(id, step);
      std::lock_guard<std::mutex> lock(mutex_);
      done_count_[id] = count;
      ++finished_;
      done_.notify_all();
    }
  }

  std::mutex mutex_;
  std::condition_variable changed_, done_;
  std::vector<std::thread> threads_;
  const Job* job_ = nullptr;
  int active_ = 0;
  int finished_ = 0;
  uint64_t generation_ = 0;
  uint64_t done_count_[2] = {0, 0};
  bool stop_ = false;
  std::atomic<bool> running_{false};
};

// Routes the statements in turn, 64 per batch.
Batch RouteBatch(const sqlroute::Engine& engine, std::vector<std::string> sqls, std::vector<sqlroute::Value> params) {
  return [&engine, sqls = std::move(sqls), params = std::move(params)](int, uint64_t& step) -> uint64_t {
    for (int i = 0; i < 64; ++i) {
      auto plan = engine.Route(sqls[step++ % sqls.size()], params);
      if (plan.units.empty()) std::abort();
    }
    return 64;
  };
}

uint64_t ComputeBatch(int, uint64_t& step) {
  uint64_t x = step | 1;
  for (int i = 0; i < 20000; ++i) {  // xorshift: about as long as 64 routes
    x ^= x << 13;
    x ^= x >> 7;
    x ^= x << 17;
  }
  step = x;
  return 64;
}

uint64_t HeapBatch(int, uint64_t& step) {
  // A literal, not a std::string: a heap copy would sit in the memory of the thread that made it.
  static const char kText[] = "sqlroute sqlroute sqlroute sqlroute sqlroute sqlroute sqlroute sqlroute sqlroute sqlroute "
                              "sqlroute sqlroute sqlroute sqlroute";
  for (int i = 0; i < 64; ++i) {
    std::vector<std::string> strings;
    for (int j = 0; j < 16; ++j) strings.emplace_back(kText, 40 + (step++ + j) % 80);
    if (strings.back().empty()) std::abort();
  }
  return 64;
}

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
  std::vector<std::string> literal;
  for (int id = 0; id < 1000; ++id) {
    literal.push_back("SELECT c FROM t_user WHERE id=" + std::to_string(id * 7919 % 100000));
  }
  std::vector<Job> jobs = {
      {"point_select", RouteBatch(engine, {"SELECT c FROM t_user WHERE id=?"}, {sqlroute::Value::Int(7)})},
      {"point_select_literal", RouteBatch(engine, std::move(literal), {})},
      {"control_compute", ComputeBatch},
      {"control_heap", HeapBatch}};
  Workers workers;
  std::printf("%-22s %14s %14s %7s\n", "job", "1 thread/s", "2 threads/s", "ratio");
  for (const Job& job : jobs) {
    workers.Round(job, 2, round_ms);  // warm-up: cache entries, thread-local state
    std::vector<double> one, two, ratios;
    for (int round = 0; round < rounds; ++round) {
      one.push_back(workers.Round(job, 1, round_ms));
      two.push_back(workers.Round(job, 2, round_ms));
      ratios.push_back(two.back() / one.back());
    }
    std::printf("%-22s %14.0f %14.0f %7.2f\n", job.name, Median(one), Median(two), Median(ratios));
  }
  return 0;
}
