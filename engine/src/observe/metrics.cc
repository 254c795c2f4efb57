#include "observe/metrics.h"

#include <algorithm>

#include "observe/tick_clock.h"

namespace sqlroute::observe {
namespace {

std::atomic<uint64_t> next_metrics_id{1};

void AddTo(std::map<std::string, uint64_t>& map, const char* name, uint64_t value) {
  if (value != 0) map[name] += value;
}

void AddHistogram(HistogramSnapshot& snapshot, const Histogram& histogram) {
  for (std::size_t i = 0; i < histogram.buckets.size(); ++i) {
    uint64_t n = histogram.buckets[i].Get();
    snapshot.buckets[i] += n;
    snapshot.count += n;
  }
  snapshot.sum += static_cast<double>(histogram.sum_ticks.Get()) * NanosPerTick() / 1e9;
}

HistogramSnapshot EmptyHistogram() {
  HistogramSnapshot result;
  for (uint64_t nanos : kBucketNanos) result.upper_bounds.push_back(static_cast<double>(nanos) / 1e9);
  result.buckets.assign(kBucketNanos.size() + 1, 0);
  return result;
}

HistogramSnapshot EmptyUnitHistogram() {
  HistogramSnapshot result;
  for (uint64_t units : kUnitBuckets) result.upper_bounds.push_back(static_cast<double>(units));
  result.buckets.assign(kUnitBuckets.size() + 1, 0);
  return result;
}

void AddUnitHistogram(HistogramSnapshot& snapshot, const UnitHistogram& histogram) {
  for (std::size_t i = 0; i < histogram.buckets.size(); ++i) {
    uint64_t n = histogram.buckets[i].Get();
    snapshot.buckets[i] += n;
    snapshot.count += n;
  }
  snapshot.sum += static_cast<double>(histogram.sum.Get());
}

void AddLabels(std::map<std::string, uint64_t>& map, const std::vector<std::string>& names, const LabelCells& cells) {
  std::size_t limit = std::min(names.size(), LabelCells::kChunk * LabelCells::kChunks);
  for (std::size_t i = 0; i < limit; ++i) {
    if (uint64_t n = cells.Get(static_cast<uint32_t>(i))) map[names[i]] += n;
  }
}

}  // namespace

const char* SqlTypeName(SqlType type) {
  static const char* const kNames[] = {"INSERT", "UPDATE", "DELETE", "SELECT", "DDL", "DCL", "DAL", "TCL", ""};
  return kNames[static_cast<std::size_t>(type)];
}

const char* RouteShapeName(RouteShape shape) {
  static const char* const kNames[] = {"none", "single", "multiple", "full", "session"};
  return kNames[static_cast<std::size_t>(shape)];
}

LabelCells::~LabelCells() {
  for (auto& chunk : chunks_) delete chunk.load(std::memory_order_relaxed);
}

void LabelCells::AddToNewChunk(uint32_t index) {
  if (index >= kChunk * kChunks) return;
  auto* chunk = new Chunk();
  (*chunk)[index % kChunk].Add();
  chunks_[index / kChunk].store(chunk, std::memory_order_release);
}

uint64_t LabelCells::Get(uint32_t index) const {
  const Chunk* chunk = chunks_[index / kChunk].load(std::memory_order_acquire);
  return chunk ? (*chunk)[index % kChunk].Get() : 0;
}

uint32_t NameRegistry::IndexOf(const std::string& name) {
  std::lock_guard<std::mutex> lock(mutex_);
  auto [it, added] = indexes_.emplace(name, static_cast<uint32_t>(names_.size()));
  if (added) names_.push_back(name);
  return it->second;
}

std::vector<std::string> NameRegistry::Names() const {
  std::lock_guard<std::mutex> lock(mutex_);
  return names_;
}

void ThreadLabels::Resolve(NameRegistry& registry, const std::string& name) {
  auto it = indexes_.find(name);
  if (it == indexes_.end()) it = indexes_.emplace(name, registry.IndexOf(name)).first;
  last_name_ = name;
  last_index_ = it->second;
}

Metrics::Metrics() : id_(next_metrics_id.fetch_add(1, std::memory_order_relaxed)) {}

void Metrics::Calibrate() {
  if (calibrated_) return;
  for (std::size_t i = 0; i < kBucketNanos.size(); ++i) {
    bucket_ticks_[i] = static_cast<uint64_t>(static_cast<double>(kBucketNanos[i]) / NanosPerTick());
  }
  calibrated_ = true;
}

// Not the engine this thread used last: finds its pair further back (or registers the thread,
// dropping the least recent pair) and moves it to the front.
ThreadCounters& Metrics::LocalSlow(LocalCache& cache) {
  std::size_t slot = 1;
  while (slot < LocalCache::kSize - 1 && cache.ids[slot] != id_) ++slot;
  ThreadCounters* counters = cache.ids[slot] == id_ ? cache.counters[slot] : &Register();
  for (std::size_t i = slot; i > 0; --i) {
    cache.ids[i] = cache.ids[i - 1];
    cache.counters[i] = cache.counters[i - 1];
  }
  cache.ids[0] = id_;
  cache.counters[0] = counters;
  return *counters;
}

ThreadCounters& Metrics::Register() {
  std::lock_guard<std::mutex> lock(threads_mutex_);
  ThreadCounters*& counters = by_thread_[std::this_thread::get_id()];
  if (counters == nullptr) {
    threads_.push_back(std::make_unique<ThreadCounters>());
    counters = threads_.back().get();
  }
  return *counters;
}

MetricsSnapshot Metrics::Snapshot() const {
  MetricsSnapshot result;
  result.parse_latency = result.route_latency = result.rewrite_latency = EmptyHistogram();
  std::vector<std::string> data_sources = data_sources_.Names();
  std::vector<std::string> tables = tables_.Names();
  std::vector<std::string> databases = databases_.Names();
  std::vector<std::string> logic_tables = logic_tables_.Names();
  result.route_units = EmptyUnitHistogram();
  std::lock_guard<std::mutex> lock(threads_mutex_);
  for (const auto& counters : threads_) {
    for (std::size_t i = 0; i < kSqlTypes; ++i) {
      AddTo(result.parsed_sql, SqlTypeName(static_cast<SqlType>(i)), counters->parsed[i].Get());
      AddTo(result.routed_sql, SqlTypeName(static_cast<SqlType>(i)), counters->routed[i].Get());
    }
    for (std::size_t i = 0; i < kRouteShapes; ++i) {
      AddTo(result.route_shapes, RouteShapeName(static_cast<RouteShape>(i)), counters->shapes[i].Get());
    }
    for (std::size_t i = 0; i < kErrorCodes; ++i) {
      if (uint64_t n = counters->errors[i].Get()) result.errors[std::string(ErrorCodeName(static_cast<ErrorCode>(i)))] += n;
    }
    result.primary_units += counters->primary_units.Get();
    result.replica_units += counters->replica_units.Get();
    result.shadow_units += counters->shadow_units.Get();
    AddHistogram(result.parse_latency, counters->parse_latency);
    AddHistogram(result.route_latency, counters->route_latency);
    AddHistogram(result.rewrite_latency, counters->rewrite_latency);
    AddLabels(result.routed_data_sources, data_sources, counters->data_sources.cells());
    AddLabels(result.routed_tables, tables, counters->tables.cells());
    AddLabels(result.routed_statements_by_database, databases, counters->routed_databases.cells());
    AddLabels(result.single_node_statements_by_database, databases, counters->single_node_databases.cells());
    AddLabels(result.routed_statements_by_table, logic_tables, counters->routed_logic_tables.cells());
    AddLabels(result.single_node_statements_by_table, logic_tables, counters->single_node_logic_tables.cells());
    AddUnitHistogram(result.route_units, counters->route_units);
  }
  return result;
}

}  // namespace sqlroute::observe
