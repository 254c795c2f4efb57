#include "cache/statement_cache.h"

#include <cstdlib>
#include <functional>

#include "config/rule_config.h"
#include "parser/sql_parser.h"
#include "route/compiled_rules.h"

namespace sqlroute::cache {
namespace {

std::size_t PropOr(const Props& props, const char* key, std::size_t fallback) {
  auto value = props.Get(key);
  return value ? static_cast<std::size_t>(std::strtoull(value->c_str(), nullptr, 10)) : fallback;
}

std::shared_ptr<const ast::Statement> ParseUncached(std::string_view sql) {
  return std::make_shared<const ast::Statement>(parser::Parse(sql));
}

}  // namespace

CacheLimits LimitsFromProps(const RuleSet& rules) {
  const Props& props = rules.compiled().config.props;
  CacheLimits limits;
  if (auto enabled = props.Get("sql-plan-cache-enabled")) limits.enabled = *enabled != "false";
  limits.max_entries = PropOr(props, "sql-plan-cache-max-entries", limits.max_entries);
  limits.max_bytes = PropOr(props, "sql-plan-cache-max-bytes", limits.max_bytes);
  return limits;
}

StatementCache::StatementCache(CacheLimits limits)
    : enabled_(limits.enabled),
      shard_entries_((limits.max_entries + kShards - 1) / kShards),
      shard_bytes_(limits.max_bytes / kShards) {}

std::shared_ptr<const ast::Statement> StatementCache::Parse(std::string_view sql, const RuleSet& rules, bool* hit) {
  if (limits_version_.load(std::memory_order_acquire) != rules.version()) {
    std::lock_guard<std::mutex> lock(limits_mutex_);
    if (limits_version_.load(std::memory_order_relaxed) != rules.version()) {
      CacheLimits limits = LimitsFromProps(rules);
      enabled_ = limits.enabled;
      shard_entries_ = (limits.max_entries + kShards - 1) / kShards;
      shard_bytes_ = limits.max_bytes / kShards;
      Clear();  // entries of other versions are unreachable anyway: free them now
      limits_version_.store(rules.version(), std::memory_order_release);
    }
  }
  return Parse(sql, rules.version(), hit);
}

std::shared_ptr<const ast::Statement> StatementCache::Parse(std::string_view sql, uint64_t rules_version, bool* hit) {
  if (hit) *hit = false;
  if (!enabled_.load(std::memory_order_relaxed)) return ParseUncached(sql);
  std::optional<NormalizedSql> normalized = Normalize(sql);
  if (!normalized) return ParseUncached(sql);
  Shard& shard = shards_[std::hash<std::string>()(normalized->shape) % kShards];
  if (auto found = Find(shard, sql, *normalized, rules_version)) {
    if (hit) *hit = true;
    return found->Instantiate(sql, normalized->literals);
  }
  ast::Statement parsed = parser::Parse(sql);
  auto statement = std::make_shared<const StatementTemplate>(std::move(parsed), std::move(normalized->literals));
  std::size_t bytes = statement->ApproxBytes() + 2 * normalized->shape.capacity() + sizeof(Entry);
  Insert(shard, Entry{std::move(normalized->shape), rules_version, statement, bytes});
  return statement->statement();
}

std::shared_ptr<const StatementTemplate> StatementCache::Find(Shard& shard, std::string_view sql,
                                                               const NormalizedSql& normalized, uint64_t version) {
  std::lock_guard<std::mutex> lock(shard.mutex);
  auto it = shard.index.find(normalized.shape);
  if (it == shard.index.end() || it->second->version != version) return nullptr;
  if (!it->second->statement->Matches(sql, normalized.literals)) return nullptr;
  shard.lru.splice(shard.lru.begin(), shard.lru, it->second);
  ++shard.hits;
  return it->second->statement;
}

void StatementCache::Insert(Shard& shard, Entry entry) {
  std::lock_guard<std::mutex> lock(shard.mutex);
  ++shard.misses;
  std::size_t max_entries = shard_entries_.load(std::memory_order_relaxed);
  std::size_t max_bytes = shard_bytes_.load(std::memory_order_relaxed);
  if (entry.bytes > max_bytes || max_entries == 0) return;
  auto existing = shard.index.find(entry.shape);
  if (existing != shard.index.end()) Evict(shard, existing->second);
  shard.bytes += entry.bytes;
  shard.lru.push_front(std::move(entry));
  shard.index.emplace(shard.lru.front().shape, shard.lru.begin());
  while (shard.lru.size() > max_entries || shard.bytes > max_bytes) Evict(shard, std::prev(shard.lru.end()));
}

void StatementCache::Evict(Shard& shard, std::list<Entry>::iterator it) {
  shard.index.erase(it->shape);
  shard.bytes -= it->bytes;
  shard.lru.erase(it);
}

PlanCacheStats StatementCache::stats() const {
  PlanCacheStats result;
  for (const Shard& shard : shards_) {
    std::lock_guard<std::mutex> lock(shard.mutex);
    result.hits += shard.hits;
    result.misses += shard.misses;
    result.entries += shard.lru.size();
    result.bytes += shard.bytes;
  }
  return result;
}

void StatementCache::Clear() {
  for (Shard& shard : shards_) {
    std::lock_guard<std::mutex> lock(shard.mutex);
    shard.index.clear();
    shard.lru.clear();
    shard.bytes = 0;
  }
}

}  // namespace sqlroute::cache
