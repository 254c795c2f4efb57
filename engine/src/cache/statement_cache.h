#pragma once
// The plan cache's statement level: statement models by shape (the SQL with its literals
// normalized), so that statements differing only in literal values, and prepared statements
// with '?', are parsed once. Bounded in entries and bytes (LRU per shard), sharded by hash with
// one mutex per shard, keyed by the rule set version as well, and switched by rule props:
//   sql-plan-cache-enabled      true | false (default true)
//   sql-plan-cache-max-entries  default 10000
//   sql-plan-cache-max-bytes    default 67108864 (64 MiB)
#include <array>
#include <atomic>
#include <cstdint>
#include <list>
#include <memory>
#include <mutex>
#include <string>
#include <string_view>
#include <unordered_map>

#include "ast/statement.h"
#include "cache/statement_template.h"
#include "sqlroute/engine.h"
#include "sqlroute/rule_set.h"

namespace sqlroute::cache {

struct CacheLimits {
  bool enabled = true;
  std::size_t max_entries = 10000;
  std::size_t max_bytes = std::size_t{64} << 20;
};

// The limits a rule set's props ask for (defaults for the props not given).
CacheLimits LimitsFromProps(const RuleSet& rules);

class StatementCache {
 public:
  explicit StatementCache(CacheLimits limits = {});

  // The statement model of `sql` under `rules`, from the cache or parsed (and then cached).
  // Throws what parser::Parse throws. `hit`, when given, is set to whether the cache had it.
  std::shared_ptr<const ast::Statement> Parse(std::string_view sql, const RuleSet& rules, bool* hit = nullptr);
  // Same, with explicit limits and version (the rule set's props are not read).
  std::shared_ptr<const ast::Statement> Parse(std::string_view sql, uint64_t rules_version, bool* hit = nullptr);

  PlanCacheStats stats() const;
  void Clear();

 private:
  static constexpr std::size_t kShards = 16;
  struct Entry {
    std::string shape;
    uint64_t version = 0;
    std::shared_ptr<const StatementTemplate> statement;
    std::size_t bytes = 0;
  };
  struct Shard {
    mutable std::mutex mutex;
    std::list<Entry> lru;  // most recently used first
    std::unordered_map<std::string_view, std::list<Entry>::iterator> index;  // keys view Entry::shape
    std::size_t bytes = 0;
    uint64_t hits = 0;
    uint64_t misses = 0;
  };

  std::shared_ptr<const StatementTemplate> Find(Shard& shard, std::string_view sql, const NormalizedSql& normalized,
                                                uint64_t version);
  void Insert(Shard& shard, Entry entry);
  void Evict(Shard& shard, std::list<Entry>::iterator it);

  std::mutex limits_mutex_;
  std::atomic<uint64_t> limits_version_{0};  // the rule set version the limits were read from
  std::atomic<bool> enabled_;
  std::atomic<std::size_t> shard_entries_;
  std::atomic<std::size_t> shard_bytes_;
  std::array<Shard, kShards> shards_;
};

}  // namespace sqlroute::cache
