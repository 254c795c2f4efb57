#pragma once
// The plan cache: statement models by shape (the SQL with its literals normalized), so that
// statements differing only in literal values, and prepared statements with '?', are parsed
// and bound once (the bound statement reads no values); every statement then runs the same
// route and rewrite on its own values. Bounded in entries
// and bytes per shard (second-chance FIFO eviction), keyed by the rule set version as well,
// and switched by rule props. Once a shard has evicted, a new shape is admitted on its second
// sighting only, so that shapes seen once do not push out the ones in use:
//   sql-plan-cache-enabled      true | false (default true)
//   sql-plan-cache-max-entries  default 10000
//   sql-plan-cache-max-bytes    default 67108864 (64 MiB)
//   sql-plan-cache-max-literals default 4096: a statement with more literals (a long IN list or
//                               VALUES) is parsed without the cache: copying its model costs as
//                               much as parsing it, and it would crowd a shard's share of bytes
//
// Lookups take no lock and write no shared memory once an entry is warm: each shard's index
// is an open-addressing table of entry pointers that writers (under the shard's mutex) change
// with single atomic stores; evicted entries and replaced tables are retired through
// cache/epoch.h, so a reader inside an EpochGuard can keep using what it found. A text that is
// an entry's own is found by its hash alone, before it is normalized (by_text_, kept the same way).
#include <array>
#include <atomic>
#include <cstdint>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <string_view>

#include "ast/statement.h"
#include "bind/bound_statement.h"
#include "cache/sql_normalizer.h"
#include "cache/statement_template.h"
#include "common/cache_line.h"
#include "sqlroute/plan_cache_stats.h"
#include "sqlroute/rule_set.h"

namespace sqlroute::cache {

struct CacheLimits {
  bool enabled = true;
  std::size_t max_entries = 10000;
  std::size_t max_bytes = std::size_t{64} << 20;
  std::size_t max_literals = 4096;
};

// The limits a rule set's props ask for (defaults for the props not given).
CacheLimits LimitsFromProps(const RuleSet& rules);

// Text in cache lines of its own (common/cache_line.h).
class LineText {
 public:
  explicit LineText(std::string_view text);
  std::string_view view() const { return {data_.get(), size_}; }

 private:
  struct Free {
    void operator()(char* data) const;
  };
  std::unique_ptr<char[], Free> data_;
  std::size_t size_;
};

// One cached shape: immutable once published, apart from its eviction mark. Valid while the
// reader's EpochGuard lasts. In cache lines
// of its own (common/cache_line.h).
class alignas(kCacheLine) CacheEntry {
 public:
  CacheEntry(std::string shape, std::size_t hash, std::size_t text_hash, uint64_t version,
             std::shared_ptr<const StatementTemplate> statement, std::optional<bind::BoundStatement> bound);
  CacheEntry(const CacheEntry&) = delete;
  CacheEntry& operator=(const CacheEntry&) = delete;

  std::string_view shape() const { return shape_.view(); }
  std::size_t hash() const { return hash_; }
  std::size_t text_hash() const { return text_hash_; }  // of the template's own text
  uint64_t version() const { return version_; }
  const StatementTemplate& statement() const { return *statement_; }
  // The model bound under the entry's rule set version; nullptr when binding it failed.
  const bind::BoundStatement* bound() const { return bound_ ? &*bound_ : nullptr; }

 private:
  friend class StatementCache;
  void MarkUsed() const {
    if (!referenced_.load(std::memory_order_relaxed)) referenced_.store(true, std::memory_order_relaxed);
  }

  const LineText shape_;
  const std::size_t hash_;
  const std::size_t text_hash_;
  const uint64_t version_;
  const std::shared_ptr<const StatementTemplate> statement_;
  const std::optional<bind::BoundStatement> bound_;
  mutable std::atomic<bool> referenced_{false};  // used since the eviction hand last passed
  // Under the shard's mutex:
  std::size_t bytes_ = 0;
  bool indexed_ = false;
  CacheEntry* older_ = nullptr;  // eviction order, oldest first
  CacheEntry* newer_ = nullptr;
};

class StatementCache {
 public:
  explicit StatementCache(CacheLimits limits = {});
  ~StatementCache();
  StatementCache(const StatementCache&) = delete;
  StatementCache& operator=(const StatementCache&) = delete;

  // The statement model of `sql` under `rules`, from the cache or parsed (and then cached).
  // Throws what parser::Parse throws. `hit`, when given, is set to whether the cache had it.
  std::shared_ptr<const ast::Statement> Parse(std::string_view sql, const RuleSet& rules, bool* hit = nullptr);
  // Same, with explicit limits and version (the rule set's props are not read).
  std::shared_ptr<const ast::Statement> Parse(std::string_view sql, uint64_t rules_version, bool* hit = nullptr);

  // The engine's path, in two steps and inside an EpochGuard: Find looks the shape up without
  // counting; then ParseProbed gives the model from `entry`, or parsed (and cached).
  struct Probe {
    std::optional<NormalizedSql> normalized;  // nullopt: the cache is off, cannot take `sql`, or `entry` has its text
    std::size_t hash = 0;
    std::size_t text_hash = 0;
    uint64_t version = 0;
    const rules::CompiledRules* rules = nullptr;  // of `version`, to bind a new entry's model (Find)
    const CacheEntry* entry = nullptr;  // the shape's entry, when cached and matching `sql`
  };
  Probe Find(std::string_view sql, const RuleSet& rules);
  // `entry` (optional) receives the entry that now holds the model, or nullptr. With `lend`, a
  // statement of the entry's own text gets the entry's model without a reference count, valid
  // while the caller's EpochGuard lasts. A count that every routing core writes: 2 threads
  // routing a prepared point select ran 1.66x as fast as 1; lent, 1.83-1.88x (bench/scaling_main.cc).
  std::shared_ptr<const ast::Statement> ParseProbed(std::string_view sql, Probe& probe,
                                                    const CacheEntry** entry = nullptr, bool lend = false);

  PlanCacheStats stats() const;
  void Clear();

 private:
  std::shared_ptr<const ast::Statement> ParseReporting(std::string_view sql, Probe& probe, bool* hit);
  static constexpr std::size_t kShards = 16;
  static constexpr std::size_t kStripes = 8;
  // A shape seen once in a full shard costs a parse without the cache, not an entry that a
  // statement of unseen shape builds and evicts: route/sharding/point_select/unseen, 2.8x -> 1.17x uncached.
  static constexpr std::size_t kDoorkeeperSlots = 1024;
  struct Index;
  struct alignas(64) Shard {
    mutable std::mutex mutex;
    std::atomic<Index*> index{nullptr};  // readers
    std::shared_ptr<Index> index_owner;  // writers; replaced tables are retired
    CacheEntry* oldest = nullptr;
    CacheEntry* newest = nullptr;
    std::size_t entries = 0;
    std::size_t bytes = 0;
    // Once the shard has evicted: the fingerprints of shapes seen once since (Admit).
    std::atomic<bool> full{false};
    std::array<std::atomic<uint32_t>, kDoorkeeperSlots> seen{};
  };
  struct alignas(64) Stripe {  // counters per thread group: no cache line shared by two cores
    std::atomic<uint64_t> hits{0};
    std::atomic<uint64_t> misses{0};
  };

  void CountHit();
  void CheckLimits(const RuleSet& rules);
  Probe Lookup(std::string_view sql, uint64_t version);
  static const CacheEntry* FindIn(const Shard& shard, std::string_view shape, std::size_t hash);
  // The entry whose template has exactly the text `sql`, found without normalizing it.
  const CacheEntry* FindText(std::string_view sql, std::size_t text_hash, uint64_t version) const;
  void ForgetText(const CacheEntry* entry);  // before `entry` is retired
  std::shared_ptr<const ast::Statement> Served(std::string_view sql, const Probe& probe, const CacheEntry** entry_out,
                                               bool lend);
  // Takes `entry`; false (leaving it there) when it is over the bounds.
  bool Insert(Shard& shard, std::unique_ptr<CacheEntry>& entry, std::size_t bytes);
  void Unlink(Shard& shard, CacheEntry* entry);  // drops it from the index and the order; retires it
  void EvictOverBudget(Shard& shard);
  // Whether a shape of `hash` missing from `shard` should be cached now: always until the shard
  // has evicted, then on its second sighting.
  static bool Admit(Shard& shard, std::size_t hash);
  Shard& ShardOf(std::size_t hash) { return shards_[hash % kShards]; }
  Stripe& MyStripe();

  std::mutex limits_mutex_;
  std::atomic<uint64_t> limits_version_{0};  // the rule set version the limits were read from
  std::atomic<bool> enabled_;
  std::atomic<std::size_t> shard_entries_;
  std::atomic<std::size_t> shard_bytes_;
  std::atomic<std::size_t> max_literals_;
  std::array<Shard, kShards> shards_;
  // Entries by their template's own text, one per slot (a later one takes the slot): a text
  // sent again, as a prepared statement is, skips Normalize. route/sharding/in_1000_values/cached,
  // 466 k -> 270 k instructions a statement (callgrind).
  static constexpr std::size_t kTextSlots = 4096;
  std::array<std::atomic<const CacheEntry*>, kTextSlots> by_text_{};
  // Texts Normalize refused (over the literal cap), by their hash: one sent again (or another of
  // its length and ends) goes to the parser without being scanned up to the cap first, so that
  // the cache costs it nothing:
  // route/sharding/in_100000_values/cached, 800 k instructions (callgrind) over uncached before.
  static constexpr std::size_t kRefusedSlots = 256;
  std::array<std::atomic<std::size_t>, kRefusedSlots> refused_{};
  std::array<Stripe, kStripes> stripes_;
};

}  // namespace sqlroute::cache
