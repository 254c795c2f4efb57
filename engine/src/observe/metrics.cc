#include "observe/metrics.h"

#include <algorithm>

namespace sqlroute::observe {
namespace {

std::atomic<uint64_t> next_metrics_id{1};

// The last few (Metrics id, counters) pairs this thread used: one compare in the usual case.
struct LocalCache {
  static constexpr std::size_t kSize = 4;
  std::array<uint64_t, kSize> ids{};
  std::array<ThreadCounters*, kSize> counters{};
  std::size_t next = 0;
};
thread_local LocalCache local_cache;

void AddTo(std::map<std::string, uint64_t>& map, const char* name, uint64_t value) {
  if (value != 0) map[name] += value;
}

void AddHistogram(HistogramSnapshot& snapshot, const Histogram& histogram) {
  for (std::size_t i = 0; i < histogram.buckets.size(); ++i) {
    uint64_t n = histogram.buckets[i].Get();
    snapshot.buckets[i] += n;
    snapshot.count += n;
  }
  snapshot.sum += static_cast<double>(histogram.sum_nanos.Get()) / 1e9;
}

HistogramSnapshot EmptyHistogram() {
  HistogramSnapshot result;
  for (uint64_t nanos : kBucketNanos) result.upper_bounds.push_back(static_cast<double>(nanos) / 1e9);
  result.buckets.assign(kBucketNanos.size() + 1, 0);
  return result;
}

void AddLabels(std::map<std::string, uint64_t>& map, const std::vector<std::string>& names, const LabelCells& cells) {
  std::size_t limit = std::min(names.size(), LabelCells::kChunk * LabelCells::kChunks);
  for (std::size_t i = 0; i < limit; ++i) {
    if (uint64_t n = cells.Get(static_cast<uint32_t>(i))) map[names[i]] += n;
  }
}

}  // namespace

void Histogram::Record(uint64_t nanos) {
  std::size_t bucket = 0;
  while (bucket < kBucketNanos.size() && nanos > kBucketNanos[bucket]) ++bucket;
  buckets[bucket].Add();
  sum_nanos.Add(nanos);
}

const char* SqlTypeName(SqlType type) {
  static const char* const kNames[] = {"INSERT", "UPDATE", "DELETE", "SELECT", "DDL", "DCL", "DAL", "TCL", ""};
  return kNames[static_cast<std::size_t>(type)];
}

const char* RouteShapeName(RouteShape shape) {
  static const char* const kNames[] = {"none", "single", "multiple", "full"};
  return kNames[static_cast<std::size_t>(shape)];
}

LabelCells::~LabelCells() {
  for (auto& chunk : chunks_) delete chunk.load(std::memory_order_relaxed);
}

void LabelCells::Add(uint32_t index) {
  std::size_t chunk_index = index / kChunk;
  if (chunk_index >= kChunks) return;
  Chunk* chunk = chunks_[chunk_index].load(std::memory_order_relaxed);
  if (chunk == nullptr) {
    chunk = new Chunk();
    chunks_[chunk_index].store(chunk, std::memory_order_release);
  }
  (*chunk)[index % kChunk].Add();
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

void ThreadLabels::Add(NameRegistry& registry, const std::string& name) {
  if (name != last_name_ || indexes_.empty()) {
    auto it = indexes_.find(name);
    if (it == indexes_.end()) it = indexes_.emplace(name, registry.IndexOf(name)).first;
    last_name_ = name;
    last_index_ = it->second;
  }
  cells_.Add(last_index_);
}

Metrics::Metrics() : id_(next_metrics_id.fetch_add(1, std::memory_order_relaxed)) {}

ThreadCounters& Metrics::Local() {
  LocalCache& cache = local_cache;
  for (std::size_t i = 0; i < LocalCache::kSize; ++i) {
    if (cache.ids[i] == id_) return *cache.counters[i];
  }
  ThreadCounters& counters = Register();
  cache.ids[cache.next] = id_;
  cache.counters[cache.next] = &counters;
  cache.next = (cache.next + 1) % LocalCache::kSize;
  return counters;
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
  }
  return result;
}

}  // namespace sqlroute::observe
