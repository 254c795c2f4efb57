#pragma once
// Algorithm interfaces, one per kind, and the registry that builds them from (type, props).
// Built-in algorithms are registered by RegisterBuiltins(); users register their own types
// (this replaces ShardingSphere's CLASS_BASED). Implementations must be thread-safe: one
// instance serves every thread that routes with the rule set.
#include <cstdint>
#include <functional>
#include <map>
#include <memory>
#include <mutex>
#include <optional>
#include <set>
#include <string>
#include <vector>

#include "sqlroute/props.h"
#include "sqlroute/value.h"

namespace sqlroute {

// A range of sharding values; an absent bound is unbounded.
struct ValueRange {
  std::optional<Value> lower;
  bool lower_closed = true;
  std::optional<Value> upper;
  bool upper_closed = true;
};

// How actual names are built from a numeric suffix (ShardingSphere's DataNodeInfo): prefix +
// left-padded suffix.
struct DataNodeInfo {
  std::string prefix;
  std::size_t suffix_min_length = 0;
  char padding = '0';
};

// What an algorithm is routing: the logic table, the column and the target naming scheme.
struct ShardingTarget {
  std::string logic_table;
  std::string column;
  DataNodeInfo node_info;
};

// Optional capability of auto-table algorithms whose precise choice is "the available target named
// prefix + padded PartitionSuffix(p)", with p = PrecisePartition(value) independent of the targets.
// Routers may compute p once per value and reuse it for every target list; DoSharding stays the
// reference and must agree with it.
class PrecisePartitions {
 public:
  virtual ~PrecisePartitions() = default;
  // The partition of a precise value, in [0, AutoTablesAmount()); throws exactly as DoSharding would.
  virtual int64_t PrecisePartition(const Value& value) const = 0;
  // The target suffix of a partition, before DataNodeInfo's padding.
  virtual std::string PartitionSuffix(int64_t partition) const = 0;
  // The partitions DoRangeSharding matches against the targets (its result: the available
  // targets those partitions name, in available order); nullopt: every available target.
  virtual std::optional<std::vector<int64_t>> RangePartitions(const ValueRange& range) const = 0;
};

class StandardShardingAlgorithm {
 public:
  virtual ~StandardShardingAlgorithm() = default;
  // Precise value (=, IN). Returns the chosen target, or "" when the algorithm picks none.
  virtual std::string DoSharding(const std::vector<std::string>& available_targets,
                                 const ShardingTarget& target, const Value& value) const = 0;
  // Range value (BETWEEN, <, >, <=, >=): the targets the range may touch, in available order.
  virtual std::vector<std::string> DoRangeSharding(const std::vector<std::string>& available_targets,
                                                   const ShardingTarget& target,
                                                   const ValueRange& range) const = 0;
  // Auto-table algorithms (MOD, HASH_MOD, VOLUME_RANGE, BOUNDARY_RANGE, AUTO_INTERVAL) say how
  // many tables they spread over; other algorithms return nullopt.
  virtual std::optional<int> AutoTablesAmount() const { return std::nullopt; }
  // Built-ins whose precise result depends on the value only through a partition; null otherwise.
  virtual const PrecisePartitions* precise_partitions() const { return nullptr; }
};

class ComplexShardingAlgorithm {
 public:
  virtual ~ComplexShardingAlgorithm() = default;
  virtual std::vector<std::string> DoSharding(
      const std::vector<std::string>& available_targets, const std::string& logic_table,
      const std::map<std::string, std::vector<Value>>& column_values,
      const std::map<std::string, ValueRange>& column_ranges) const = 0;
};

class HintShardingAlgorithm {
 public:
  virtual ~HintShardingAlgorithm() = default;
  virtual std::vector<std::string> DoSharding(const std::vector<std::string>& available_targets,
                                              const std::string& logic_table,
                                              const std::vector<Value>& hint_values) const = 0;
};

// A sharding algorithm serves one or more strategy kinds.
struct ShardingAlgorithm {
  std::shared_ptr<const StandardShardingAlgorithm> standard;
  std::shared_ptr<const ComplexShardingAlgorithm> complex;
  std::shared_ptr<const HintShardingAlgorithm> hint;
};

class KeyGenerator {
 public:
  virtual ~KeyGenerator() = default;
  virtual Value Generate() const = 0;  // thread-safe
};

class Encryptor {
 public:
  virtual ~Encryptor() = default;
  // NULL in, NULL out. Plaintext is String.valueOf(value) as Java would print it.
  virtual Value Encrypt(const Value& plain) const = 0;
  virtual bool SupportsDecrypt() const = 0;
  virtual Value Decrypt(const Value& cipher) const = 0;  // throws DECRYPT_FAILED when unsupported
  virtual bool SupportsLike() const { return false; }
  virtual bool SupportsEquivalentFilter() const { return true; }  // assisted query
};

class LoadBalancer {
 public:
  virtual ~LoadBalancer() = default;
  // Picks one of `read_data_sources` (non-empty). `group` names the read/write group.
  virtual std::string Choose(const std::string& group,
                             const std::vector<std::string>& read_data_sources) const = 0;
};

struct ShadowCheckInput {
  std::string operation;  // insert | update | delete | select
  std::string table;
  std::string column;     // empty for hint checks
  std::vector<Value> values;
  std::map<std::string, std::string> hints;  // SQL hint / comment key-value pairs
  bool shadow_hint = false;                  // SHADOW=true given
};

class ShadowAlgorithm {
 public:
  virtual ~ShadowAlgorithm() = default;
  virtual bool IsHintAlgorithm() const = 0;
  virtual bool IsShadow(const ShadowCheckInput& input) const = 0;
  virtual std::string column() const { return ""; }     // column algorithms
  virtual std::string operation() const { return ""; }  // column algorithms
};

struct AuditInput {
  std::string statement_kind;             // SELECT, INSERT, UPDATE, DELETE, ...
  std::vector<std::string> sharding_tables;
  bool has_sharding_conditions = false;
};

class ShardingAuditor {
 public:
  virtual ~ShardingAuditor() = default;
  // Throws Error(AUDIT_FAILED) with a message when the statement must be rejected.
  virtual void Check(const AuditInput& input) const = 0;
};

enum class AlgorithmKind { Sharding, KeyGenerator, Encryptor, LoadBalancer, Shadow, Auditor };
const char* AlgorithmKindName(AlgorithmKind kind);

// Factories receive the props and the config path (for error messages) and throw
// Error(CONFIG_ALGORITHM_PROPS, ..., path) on bad props.
using ShardingFactory = std::function<ShardingAlgorithm(const Props&, const std::string& path)>;
using KeyGeneratorFactory = std::function<std::shared_ptr<const KeyGenerator>(const Props&, const std::string&)>;
using EncryptorFactory = std::function<std::shared_ptr<const Encryptor>(const Props&, const std::string&)>;
using LoadBalancerFactory = std::function<std::shared_ptr<const LoadBalancer>(const Props&, const std::string&)>;
using ShadowFactory = std::function<std::shared_ptr<const ShadowAlgorithm>(const Props&, const std::string&)>;
using AuditorFactory = std::function<std::shared_ptr<const ShardingAuditor>(const Props&, const std::string&)>;

// Type names are matched case-insensitively. Registering a type twice is an error.
class AlgorithmRegistry {
 public:
  // The process-wide registry, holding the built-ins plus user registrations.
  static AlgorithmRegistry& Global();

  void RegisterSharding(const std::string& type, ShardingFactory factory);
  void RegisterKeyGenerator(const std::string& type, KeyGeneratorFactory factory);
  void RegisterEncryptor(const std::string& type, EncryptorFactory factory);
  void RegisterLoadBalancer(const std::string& type, LoadBalancerFactory factory);
  void RegisterShadow(const std::string& type, ShadowFactory factory);
  void RegisterAuditor(const std::string& type, AuditorFactory factory);
  bool Unregister(AlgorithmKind kind, const std::string& type);  // user types only

  // Build an instance; unknown types throw Error(CONFIG_UNKNOWN_ALGORITHM, ..., path).
  ShardingAlgorithm CreateSharding(const std::string& type, const Props& props, const std::string& path) const;
  std::shared_ptr<const KeyGenerator> CreateKeyGenerator(const std::string& type, const Props& props, const std::string& path) const;
  std::shared_ptr<const Encryptor> CreateEncryptor(const std::string& type, const Props& props, const std::string& path) const;
  std::shared_ptr<const LoadBalancer> CreateLoadBalancer(const std::string& type, const Props& props, const std::string& path) const;
  std::shared_ptr<const ShadowAlgorithm> CreateShadow(const std::string& type, const Props& props, const std::string& path) const;
  std::shared_ptr<const ShardingAuditor> CreateAuditor(const std::string& type, const Props& props, const std::string& path) const;

  bool Has(AlgorithmKind kind, const std::string& type) const;
  std::vector<std::string> TypeNames(AlgorithmKind kind) const;

 private:
  AlgorithmRegistry();
  struct Entry;
  mutable std::mutex mutex_;
  using Key = std::pair<AlgorithmKind, std::string>;
  std::map<Key, std::shared_ptr<const Entry>> entries_;
  std::set<Key> builtin_keys_;
  void Add(AlgorithmKind kind, const std::string& type, std::shared_ptr<const Entry> entry);
  std::shared_ptr<const Entry> Lookup(AlgorithmKind kind, const std::string& type, const std::string& path) const;
};

}  // namespace sqlroute
