#include "cache/statement_cache.h"

#include <cstdlib>
#include <cstring>
#include <functional>
#include <new>
#include <vector>

#include "cache/epoch.h"
#include "common/shared_heap.h"
#include "config/rule_config.h"
#include "parser/sql_parser.h"
#include "rules/rule_set_access.h"
#include "sqlroute/error.h"

namespace sqlroute::cache {
namespace {

std::size_t PropOr(const Props& props, const char* key, std::size_t fallback) {
  auto value = props.Get(key);
  return value ? static_cast<std::size_t>(std::strtoull(value->c_str(), nullptr, 10)) : fallback;
}

std::shared_ptr<const ast::Statement> ParseUncached(std::string_view sql) {
  return std::make_shared<const ast::Statement>(parser::Parse(sql));
}

// The hash by_text_ files a text under: of its length and its first and last 256 bytes, so that
// a long text costs no more than a short one (a text hashed whole: route/sharding/insert_100_rows/cached
// 30 k instructions more, in_100000_values/cached 1.1 M). FindText compares the whole text.
std::size_t TextHash(std::string_view text) {
  constexpr std::size_t kEnds = 256;
  std::hash<std::string_view> hash;
  if (text.size() <= 2 * kEnds) return hash(text);
  return hash(text.substr(0, kEnds)) ^ (hash(text.substr(text.size() - kEnds)) * 31) ^ text.size();
}

// The slot an entry wants: bits of the hash that the shard choice (hash % 16) does not use.
std::size_t Home(std::size_t hash, std::size_t mask) { return (hash >> 4) & mask; }

}  // namespace

// Open addressing with linear probing; writers hold the shard's mutex and change slots with
// single stores, readers probe without a lock. A reader racing a removal may miss an entry
// that is there (it then takes the locked path), never find one that is not.
// The table and its slots take whole cache lines (common/cache_line.h).
struct alignas(kCacheLine) StatementCache::Index {
  explicit Index(std::size_t capacity)
      : mask(capacity - 1), slots(static_cast<std::atomic<CacheEntry*>*>(::operator new[](
                                SlotBytes(capacity), std::align_val_t{kCacheLine}))) {
    for (std::size_t i = 0; i < capacity; ++i) new (&slots[i]) std::atomic<CacheEntry*>(nullptr);
  }
  static std::size_t SlotBytes(std::size_t capacity) {
    return (capacity * sizeof(std::atomic<CacheEntry*>) + kCacheLine - 1) / kCacheLine * kCacheLine;
  }
  struct Free {
    void operator()(std::atomic<CacheEntry*>* slots) const { ::operator delete[](slots, std::align_val_t{kCacheLine}); }
  };
  std::size_t mask;
  std::unique_ptr<std::atomic<CacheEntry*>[], Free> slots;
  std::size_t used = 0;  // writers only
};

LineText::LineText(std::string_view text)
    : data_(static_cast<char*>(::operator new[]((text.size() / kCacheLine + 1) * kCacheLine, std::align_val_t{kCacheLine}))),
      size_(text.size()) {
  std::memcpy(data_.get(), text.data(), text.size());
}

void LineText::Free::operator()(char* data) const { ::operator delete[](data, std::align_val_t{kCacheLine}); }

CacheEntry::CacheEntry(std::string shape, std::size_t hash, std::size_t text_hash, uint64_t version,
                       std::shared_ptr<const StatementTemplate> statement, std::optional<bind::BoundStatement> bound)
    : shape_(std::move(shape)), hash_(hash), text_hash_(text_hash), version_(version), statement_(std::move(statement)),
      bound_(std::move(bound)) {}

CacheLimits LimitsFromProps(const RuleSet& rules) {
  const Props& props = rules::RuleSetAccess::Compiled(rules).config.props;
  CacheLimits limits;
  if (auto enabled = props.Get("sql-plan-cache-enabled")) limits.enabled = *enabled != "false";
  limits.max_entries = PropOr(props, "sql-plan-cache-max-entries", limits.max_entries);
  limits.max_bytes = PropOr(props, "sql-plan-cache-max-bytes", limits.max_bytes);
  limits.max_literals = PropOr(props, "sql-plan-cache-max-literals", limits.max_literals);
  return limits;
}

StatementCache::StatementCache(CacheLimits limits)
    : enabled_(limits.enabled),
      shard_entries_((limits.max_entries + kShards - 1) / kShards),
      shard_bytes_(limits.max_bytes / kShards),
      max_literals_(limits.max_literals) {}

StatementCache::~StatementCache() {
  // No reader can be inside: whoever routes holds the engine that owns this cache.
  for (Shard& shard : shards_) {
    for (CacheEntry* entry = shard.oldest; entry;) {
      CacheEntry* next = entry->newer_;
      delete entry;
      entry = next;
    }
  }
}

StatementCache::Stripe& StatementCache::MyStripe() {
  static std::atomic<unsigned> next_thread{0};
  thread_local unsigned mine = next_thread.fetch_add(1, std::memory_order_relaxed);
  return stripes_[mine % kStripes];
}

void StatementCache::CheckLimits(const RuleSet& rules) {
  if (limits_version_.load(std::memory_order_acquire) == rules.version()) return;
  std::lock_guard<std::mutex> lock(limits_mutex_);
  if (limits_version_.load(std::memory_order_relaxed) == rules.version()) return;
  CacheLimits limits = LimitsFromProps(rules);
  enabled_ = limits.enabled;
  shard_entries_ = (limits.max_entries + kShards - 1) / kShards;
  shard_bytes_ = limits.max_bytes / kShards;
  max_literals_ = limits.max_literals;
  Clear();  // entries of other versions are unreachable anyway: free them now
  limits_version_.store(rules.version(), std::memory_order_release);
}

std::shared_ptr<const ast::Statement> StatementCache::Parse(std::string_view sql, const RuleSet& rules, bool* hit) {
  EpochGuard guard;
  Probe probe = Find(sql, rules);
  return ParseReporting(sql, probe, hit);
}

std::shared_ptr<const ast::Statement> StatementCache::Parse(std::string_view sql, uint64_t rules_version, bool* hit) {
  EpochGuard guard;
  Probe probe;
  if (enabled_.load(std::memory_order_relaxed)) probe = Lookup(sql, rules_version);
  return ParseReporting(sql, probe, hit);
}

std::shared_ptr<const ast::Statement> StatementCache::ParseReporting(std::string_view sql, Probe& probe, bool* hit) {
  std::shared_ptr<const ast::Statement> statement = ParseProbed(sql, probe);
  if (hit) *hit = probe.entry != nullptr;  // ParseProbed leaves `entry` set only when the cache served it
  return statement;
}

StatementCache::Probe StatementCache::Find(std::string_view sql, const RuleSet& rules) {
  CheckLimits(rules);
  if (!enabled_.load(std::memory_order_relaxed)) return Probe{};
  Probe probe = Lookup(sql, rules.version());
  probe.rules = &rules::RuleSetAccess::Compiled(rules);
  return probe;
}

StatementCache::Probe StatementCache::Lookup(std::string_view sql, uint64_t version) {
  Probe probe;
  probe.version = version;
  probe.text_hash = TextHash(sql);
  if (const CacheEntry* entry = FindText(sql, probe.text_hash, version)) {
    entry->MarkUsed();
    probe.entry = entry;
    return probe;
  }
  std::atomic<std::size_t>& refused = refused_[probe.text_hash % kRefusedSlots];
  std::size_t mark = probe.text_hash | 1;  // never 0, the empty slot
  if (refused.load(std::memory_order_relaxed) == mark) return probe;
  probe.normalized = Normalize(sql, max_literals_.load(std::memory_order_relaxed));
  if (!probe.normalized) {
    refused.store(mark, std::memory_order_relaxed);
    return probe;
  }
  const std::string& shape = probe.normalized->shape;
  probe.hash = std::hash<std::string_view>()(shape);
  const CacheEntry* entry = FindIn(ShardOf(probe.hash), shape, probe.hash);
  if (entry && entry->version() == version && entry->statement().Matches(sql, probe.normalized->literals)) {
    entry->MarkUsed();
    probe.entry = entry;
  }
  return probe;
}

const CacheEntry* StatementCache::FindIn(const Shard& shard, std::string_view shape, std::size_t hash) {
  const Index* index = shard.index.load(std::memory_order_acquire);
  if (!index) return nullptr;
  std::size_t i = Home(hash, index->mask);
  for (std::size_t probes = 0; probes <= index->mask; ++probes, i = (i + 1) & index->mask) {
    const CacheEntry* entry = index->slots[i].load(std::memory_order_acquire);
    if (!entry) return nullptr;
    if (entry->hash() == hash && entry->shape() == shape) return entry;
  }
  return nullptr;
}

const CacheEntry* StatementCache::FindText(std::string_view sql, std::size_t text_hash, uint64_t version) const {
  const CacheEntry* entry = by_text_[text_hash % kTextSlots].load(std::memory_order_acquire);
  bool same = entry && entry->text_hash() == text_hash && entry->version() == version &&
              entry->statement().statement()->sql == sql;
  return same ? entry : nullptr;
}

void StatementCache::ForgetText(const CacheEntry* entry) {
  const CacheEntry* expected = entry;
  by_text_[entry->text_hash() % kTextSlots].compare_exchange_strong(expected, nullptr, std::memory_order_release);
}

void StatementCache::CountHit() { MyStripe().hits.fetch_add(1, std::memory_order_relaxed); }

std::shared_ptr<const ast::Statement> StatementCache::Served(std::string_view sql, const Probe& probe,
                                                             const CacheEntry** entry_out, bool lend) {
  CountHit();
  if (entry_out) *entry_out = probe.entry;
  const StatementTemplate& statement = probe.entry->statement();
  return probe.normalized ? statement.Instantiate(sql, probe.normalized->literals, lend) : statement.Own(lend);
}

std::shared_ptr<const ast::Statement> StatementCache::ParseProbed(std::string_view sql, Probe& probe,
                                                                  const CacheEntry** entry_out, bool lend) {
  if (entry_out) *entry_out = nullptr;
  if (probe.entry) return Served(sql, probe, entry_out, lend);
  if (!probe.normalized) return ParseUncached(sql);
  const std::string& shape = probe.normalized->shape;
  Shard& shard = ShardOf(probe.hash);
  if (!probe.entry) {  // a writer may have been moving it: look again, exactly
    std::lock_guard<std::mutex> lock(shard.mutex);
    const CacheEntry* entry = FindIn(shard, shape, probe.hash);
    if (entry && entry->version() == probe.version && entry->statement().Matches(sql, probe.normalized->literals)) {
      entry->MarkUsed();
      probe.entry = entry;
    }
  }
  if (probe.entry) return Served(sql, probe, entry_out, lend);
  if (!Admit(shard, probe.hash)) {
    MyStripe().misses.fetch_add(1, std::memory_order_relaxed);
    return ParseUncached(sql);
  }
  std::shared_ptr<const StatementTemplate> statement;
  std::unique_ptr<CacheEntry> entry;
  BuildShared([&] {
    statement = std::make_shared<const StatementTemplate>(parser::Parse(sql), probe.normalized->literals);
    std::optional<bind::BoundStatement> bound;
    if (probe.rules) {
      try {
        bound = bind::Bind(*statement->statement(), *probe.rules);
      } catch (const Error&) {  // each statement of the shape binds (and fails) on its own
      }
    }
    entry = std::make_unique<CacheEntry>(shape, probe.hash, probe.text_hash, probe.version, statement, std::move(bound));
  });
  MyStripe().misses.fetch_add(1, std::memory_order_relaxed);
  std::size_t bytes = statement->ApproxBytes() + 2 * shape.capacity() + sizeof(CacheEntry) +
                      (entry->bound() ? entry->bound()->ApproxBytes() : 0);
  const CacheEntry* raw = entry.get();
  if (Insert(shard, entry, bytes)) {
    if (entry_out) *entry_out = raw;  // the caller's guard keeps it valid
    return statement->statement();
  }
  // Too large to keep: the caller gets its own copy, and the shared heap its objects back.
  auto model = std::make_shared<const ast::Statement>(*statement->statement());
  BuildShared([&] {
    entry.reset();
    statement.reset();
  });
  return model;
}

bool StatementCache::Insert(Shard& shard, std::unique_ptr<CacheEntry>& entry, std::size_t bytes) {
  std::lock_guard<std::mutex> lock(shard.mutex);
  std::size_t max_entries = shard_entries_.load(std::memory_order_relaxed);
  std::size_t max_bytes = shard_bytes_.load(std::memory_order_relaxed);
  if (bytes > max_bytes || max_entries == 0) return false;
  if (auto* existing = const_cast<CacheEntry*>(FindIn(shard, entry->shape(), entry->hash()))) Unlink(shard, existing);
  Index* index = shard.index_owner.get();
  if (!index || (index->used + 1) * 2 > index->mask + 1) {
    std::size_t capacity = index ? 2 * (index->mask + 1) : 16;
    auto grown = std::make_shared<Index>(capacity);
    for (CacheEntry* each = shard.oldest; each; each = each->newer_) {
      std::size_t i = Home(each->hash(), grown->mask);
      while (grown->slots[i].load(std::memory_order_relaxed)) i = (i + 1) & grown->mask;
      grown->slots[i].store(each, std::memory_order_relaxed);
      ++grown->used;
    }
    shard.index.store(grown.get(), std::memory_order_release);
    Retire(std::move(shard.index_owner));
    shard.index_owner = std::move(grown);
    index = shard.index_owner.get();
  }
  CacheEntry* raw = entry.release();
  raw->bytes_ = bytes;
  raw->indexed_ = true;
  raw->older_ = shard.newest;
  raw->newer_ = nullptr;
  if (shard.newest) {
    shard.newest->newer_ = raw;
  } else {
    shard.oldest = raw;
  }
  shard.newest = raw;
  ++shard.entries;
  shard.bytes += bytes;
  std::size_t i = Home(raw->hash(), index->mask);
  while (index->slots[i].load(std::memory_order_relaxed)) i = (i + 1) & index->mask;
  index->slots[i].store(raw, std::memory_order_release);
  ++index->used;
  by_text_[raw->text_hash() % kTextSlots].store(raw, std::memory_order_release);
  EvictOverBudget(shard);
  return true;
}

void StatementCache::Unlink(Shard& shard, CacheEntry* entry) {
  Index* index = shard.index_owner.get();
  std::size_t mask = index->mask;
  std::size_t i = Home(entry->hash(), mask);
  while (index->slots[i].load(std::memory_order_relaxed) != entry) i = (i + 1) & mask;
  index->slots[i].store(nullptr, std::memory_order_release);
  // Backward shift: entries after the hole that may live in it move up, so that every probe
  // run stays unbroken.
  for (std::size_t j = (i + 1) & mask;; j = (j + 1) & mask) {
    CacheEntry* each = index->slots[j].load(std::memory_order_relaxed);
    if (!each) break;
    std::size_t home = Home(each->hash(), mask);
    bool stays = i <= j ? (i < home && home <= j) : (i < home || home <= j);
    if (stays) continue;
    index->slots[i].store(each, std::memory_order_release);
    index->slots[j].store(nullptr, std::memory_order_release);
    i = j;
  }
  --index->used;
  (entry->older_ ? entry->older_->newer_ : shard.oldest) = entry->newer_;
  (entry->newer_ ? entry->newer_->older_ : shard.newest) = entry->older_;
  entry->older_ = entry->newer_ = nullptr;
  entry->indexed_ = false;
  --shard.entries;
  shard.bytes -= entry->bytes_;
  ForgetText(entry);
  Retire(std::shared_ptr<const CacheEntry>(entry));
}

bool StatementCache::Admit(Shard& shard, std::size_t hash) {
  if (!shard.full.load(std::memory_order_relaxed)) return true;
  std::atomic<uint32_t>& slot = shard.seen[(hash >> 4) % kDoorkeeperSlots];
  uint32_t fingerprint = static_cast<uint32_t>(hash >> 32) | 1u;  // never 0, the empty slot
  if (slot.load(std::memory_order_relaxed) == fingerprint) {
    slot.store(0, std::memory_order_relaxed);
    return true;
  }
  slot.store(fingerprint, std::memory_order_relaxed);
  return false;
}

void StatementCache::EvictOverBudget(Shard& shard) {
  std::size_t max_entries = shard_entries_.load(std::memory_order_relaxed);
  std::size_t max_bytes = shard_bytes_.load(std::memory_order_relaxed);
  std::size_t second_chances = shard.entries;  // bounded: readers may keep marking entries meanwhile
  while (shard.oldest && (shard.entries > max_entries || shard.bytes > max_bytes)) {
    CacheEntry* oldest = shard.oldest;
    if (second_chances > 0 && oldest != shard.newest && oldest->referenced_.load(std::memory_order_relaxed)) {
      --second_chances;
      oldest->referenced_.store(false, std::memory_order_relaxed);
      shard.oldest = oldest->newer_;
      shard.oldest->older_ = nullptr;
      oldest->older_ = shard.newest;
      oldest->newer_ = nullptr;
      shard.newest->newer_ = oldest;
      shard.newest = oldest;
      continue;
    }
    Unlink(shard, oldest);
    shard.full.store(true, std::memory_order_relaxed);
  }
}

PlanCacheStats StatementCache::stats() const {
  PlanCacheStats result;
  for (const Stripe& stripe : stripes_) {
    result.hits += stripe.hits.load(std::memory_order_relaxed);
    result.misses += stripe.misses.load(std::memory_order_relaxed);
  }
  for (const Shard& shard : shards_) {
    std::lock_guard<std::mutex> lock(shard.mutex);
    result.entries += shard.entries;
    result.bytes += shard.bytes;
  }
  return result;
}

void StatementCache::Clear() {
  for (Shard& shard : shards_) {
    auto doomed = std::make_shared<std::vector<std::unique_ptr<CacheEntry>>>();
    {
      std::lock_guard<std::mutex> lock(shard.mutex);
      shard.index.store(nullptr, std::memory_order_release);
      Retire(std::move(shard.index_owner));
      shard.index_owner = nullptr;
      for (CacheEntry* entry = shard.oldest; entry; entry = entry->newer_) {
        entry->indexed_ = false;
        ForgetText(entry);
        doomed->emplace_back(entry);
      }
      shard.oldest = shard.newest = nullptr;
      shard.entries = 0;
      shard.bytes = 0;
      shard.full.store(false, std::memory_order_relaxed);
      for (auto& slot : shard.seen) slot.store(0, std::memory_order_relaxed);
    }
    if (!doomed->empty()) Retire(std::move(doomed));
  }
  for (auto& slot : refused_) slot.store(0, std::memory_order_relaxed);  // the literal cap may change
}

}  // namespace sqlroute::cache
