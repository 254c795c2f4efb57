#pragma once
// The metrics store: each thread that routes owns its counters (no locked or read-modify-write
// instruction on the hot path); a snapshot sums every thread's counters. Counters of a thread
// that ended are kept. Label names (data sources, tables) get indexes in a shared registry the
// first time a thread meets them.
#include <array>
#include <atomic>
#include <cstdint>
#include <cstring>
#include <memory>
#include <mutex>
#include <string>
#include <thread>
#include <unordered_map>
#include <vector>

#include "sqlroute/observability.h"

namespace sqlroute::observe {

// A counter written by one thread and read by any.
class Cell {
 public:
  void Add(uint64_t n = 1) { value_.store(value_.load(std::memory_order_relaxed) + n, std::memory_order_relaxed); }
  uint64_t Get() const { return value_.load(std::memory_order_relaxed); }

 private:
  std::atomic<uint64_t> value_{0};
};

// a == b for the short names of data sources and tables, without a call to memcmp: the first
// and the last 8 (or 4) bytes cover names of 4 to 16 bytes.
template <typename Word>
bool SameEnds(const char* a, const char* b, std::size_t n) {
  Word a_first, b_first, a_last, b_last;
  std::memcpy(&a_first, a, sizeof(Word));
  std::memcpy(&b_first, b, sizeof(Word));
  std::memcpy(&a_last, a + n - sizeof(Word), sizeof(Word));
  std::memcpy(&b_last, b + n - sizeof(Word), sizeof(Word));
  return a_first == b_first && a_last == b_last;
}

inline bool SameText(const std::string& a, const std::string& b) {
  std::size_t n = a.size();
  if (n != b.size()) return false;
  if (n >= 8 && n <= 16) return SameEnds<uint64_t>(a.data(), b.data(), n);
  if (n >= 4 && n < 8) return SameEnds<uint32_t>(a.data(), b.data(), n);
  return std::memcmp(a.data(), b.data(), n) == 0;
}

// Upper bounds of the latency buckets, in nanoseconds (a last +Inf bucket follows).
constexpr std::array<uint64_t, 16> kBucketNanos = {1000,    2500,    5000,     10000,    25000,    50000,
                                                   100000,  250000,  500000,   1000000,  2500000,  5000000,
                                                   10000000, 25000000, 50000000, 100000000};
// The same bounds in ticks of the tick clock: durations are bucketed and summed as ticks, and
// turned into seconds only by a snapshot.
using BucketTicks = std::array<uint64_t, kBucketNanos.size()>;

struct Histogram {
  std::array<Cell, kBucketNanos.size() + 1> buckets;
  Cell sum_ticks;
  void Record(uint64_t ticks, const BucketTicks& bounds) {
    std::size_t bucket = 0;
    while (bucket < bounds.size() && ticks > bounds[bucket]) ++bucket;
    buckets[bucket].Add();
    sum_ticks.Add(ticks);
  }
};

// Upper bounds of the route-units-per-statement buckets (a last +Inf bucket follows).
constexpr std::array<uint64_t, 9> kUnitBuckets = {1, 2, 4, 8, 16, 32, 64, 128, 256};

struct UnitHistogram {
  std::array<Cell, kUnitBuckets.size() + 1> buckets;
  Cell sum;
  void Record(uint64_t units) {
    std::size_t bucket = 0;
    while (bucket < kUnitBuckets.size() && units > kUnitBuckets[bucket]) ++bucket;
    buckets[bucket].Add();
    sum.Add(units);
  }
};

// parsed_sql_total / routed_sql_total types (ShardingSphere's labels; DistSQL ones never occur here).
enum class SqlType { Insert, Update, Delete, Select, DDL, DCL, DAL, TCL, None };
constexpr std::size_t kSqlTypes = static_cast<std::size_t>(SqlType::None);
const char* SqlTypeName(SqlType type);

// Session: TCL, SET, USE (Plan::session_statement), which follow the session and are no scatter.
enum class RouteShape { None, Single, Multiple, Full, Session };
constexpr std::size_t kRouteShapes = 5;
const char* RouteShapeName(RouteShape shape);

constexpr std::size_t kErrorCodes = 0
#define SQLROUTE_ERROR(name, category, ss_code) +1
#include "sqlroute/errors.def"
#undef SQLROUTE_ERROR
    ;

// Cells indexed by a registry index; chunks are allocated by the owning thread as needed.
class LabelCells {
 public:
  static constexpr std::size_t kChunk = 256;
  static constexpr std::size_t kChunks = 256;  // names beyond kChunk * kChunks are not counted
  LabelCells() = default;
  LabelCells(const LabelCells&) = delete;
  LabelCells& operator=(const LabelCells&) = delete;
  ~LabelCells();
  void Add(uint32_t index) {
    Chunk* chunk = index < kChunk * kChunks ? chunks_[index / kChunk].load(std::memory_order_relaxed) : nullptr;
    if (chunk != nullptr) (*chunk)[index % kChunk].Add();
    else AddToNewChunk(index);
  }
  uint64_t Get(uint32_t index) const;

 private:
  using Chunk = std::array<Cell, kChunk>;
  void AddToNewChunk(uint32_t index);
  std::array<std::atomic<Chunk*>, kChunks> chunks_{};
};

// Label names in the order first met, shared by all threads.
class NameRegistry {
 public:
  uint32_t IndexOf(const std::string& name);
  std::vector<std::string> Names() const;

 private:
  mutable std::mutex mutex_;
  std::unordered_map<std::string, uint32_t> indexes_;
  std::vector<std::string> names_;
};

// One label dimension of one thread: its private name -> index cache and its cells.
class ThreadLabels {
 public:
  void Add(NameRegistry& registry, const std::string& name) {
    if (!SameText(name, last_name_) || indexes_.empty()) Resolve(registry, name);
    cells_.Add(last_index_);
  }
  const LabelCells& cells() const { return cells_; }

 private:
  void Resolve(NameRegistry& registry, const std::string& name);  // sets last_name_, last_index_

  // Touched by the owning thread only. The last name is compared first: cheaper than hashing
  // when statements keep going to the same place.
  std::unordered_map<std::string, uint32_t> indexes_;
  std::string last_name_;
  uint32_t last_index_ = 0;
  LabelCells cells_;
};

struct ThreadCounters {
  // Stage latencies are timed for one statement in `every` (per thread, the first one included):
  // the clock reads cost more than all the counters.
  bool TakeTimingTurn(uint32_t every) {
    if (untimed_left != 0) {
      --untimed_left;
      return false;
    }
    untimed_left = every - 1;
    return true;
  }
  uint32_t untimed_left = 0;  // the owning thread's only

  std::array<Cell, kSqlTypes> parsed;
  std::array<Cell, kSqlTypes> routed;
  std::array<Cell, kRouteShapes> shapes;
  Cell primary_units, replica_units, shadow_units;
  std::array<Cell, kErrorCodes> errors;
  Histogram parse_latency, route_latency, rewrite_latency;
  ThreadLabels data_sources, tables;
  // Statements routed (session statements excluded) and those of them routed to one node.
  ThreadLabels routed_databases, single_node_databases, routed_logic_tables, single_node_logic_tables;
  UnitHistogram route_units;
};

// The (Metrics id, counters) pairs a thread used last, most recent first: one compare in the
// usual case.
struct LocalCache {
  static constexpr std::size_t kSize = 4;
  std::array<uint64_t, kSize> ids{};
  std::array<ThreadCounters*, kSize> counters{};
};
inline thread_local LocalCache local_cache;

class Metrics {
 public:
  Metrics();
  ThreadCounters& Local() {  // the calling thread's counters
    LocalCache& cache = local_cache;
    return cache.ids[0] == id_ ? *cache.counters[0] : LocalSlow(cache);
  }
  // Fixes the bucket bounds in ticks (measuring the tick rate); call before the first Local().
  // Only the first call does anything; not thread-safe against itself.
  void Calibrate();
  const BucketTicks& bucket_ticks() const { return bucket_ticks_; }
  void AddDataSource(ThreadCounters& counters, const std::string& name) { counters.data_sources.Add(data_sources_, name); }
  void AddTable(ThreadCounters& counters, const std::string& name) { counters.tables.Add(tables_, name); }
  // A routed statement of `database` (logic database) naming `logic_table`, on one node or more.
  void AddRoutedDatabase(ThreadCounters& counters, const std::string& database, bool single_node) {
    counters.routed_databases.Add(databases_, database);
    if (single_node) counters.single_node_databases.Add(databases_, database);
  }
  void AddRoutedTable(ThreadCounters& counters, const std::string& logic_table, bool single_node) {
    counters.routed_logic_tables.Add(logic_tables_, logic_table);
    if (single_node) counters.single_node_logic_tables.Add(logic_tables_, logic_table);
  }
  MetricsSnapshot Snapshot() const;  // without the plan cache counters

 private:
  ThreadCounters& LocalSlow(LocalCache& cache);
  ThreadCounters& Register();

  const uint64_t id_;  // unique per Metrics, never reused: tells thread-local caches apart
  bool calibrated_ = false;
  BucketTicks bucket_ticks_{};
  NameRegistry data_sources_;
  NameRegistry tables_;
  NameRegistry databases_;
  NameRegistry logic_tables_;
  mutable std::mutex threads_mutex_;
  std::vector<std::unique_ptr<ThreadCounters>> threads_;
  std::unordered_map<std::thread::id, ThreadCounters*> by_thread_;
};

}  // namespace sqlroute::observe
