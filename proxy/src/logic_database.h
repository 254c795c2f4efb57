#pragma once
// A logical database of the proxy: its engine (the rules) and a connection pool per storage
// unit, kept in step when DistSQL changes the storage units. The engine routes with the rules as
// configured, server.yaml's props under the rule file's, and the table metadata read from the
// storage units whenever the rules change or DDL changes the tables. The registry holds them by name.
#include <functional>
#include <map>
#include <memory>
#include <mutex>
#include <set>
#include <string>
#include <vector>

#include "backend_pool.h"
#include "table_metadata.h"
#include "sqlroute/engine.h"
#include "sqlroute/props.h"

namespace sqlroute::proxy {

class LogicDatabase {
 public:
  // `rule_file`: where rules changed by DistSQL are written back. `server_props`: server.yaml's.
  LogicDatabase(std::string name, Engine engine, std::string rule_file, Props server_props = {});

  const std::string& name() const { return name_; }
  const Engine& engine() const { return engine_; }
  // Throws BackendFailure for a data source without a pool.
  std::shared_ptr<BackendPool> Pool(const std::string& data_source) const;
  std::map<std::string, DataSourceSpec> Specs() const;
  std::map<std::string, std::shared_ptr<BackendPool>> Pools() const;

  // Applies DistSQL RDL, then brings the pools in line and writes the rules back to the rule
  // file. Throws sqlroute::Error; nothing changes when the script fails.
  void ApplyDistSql(const std::string& script);
  // Swaps in rules read again from the rule file (SIGHUP), with the pools brought in line.
  void Reload(std::shared_ptr<const RuleSet> rules);
  // A change of rules made ready (serving rules with their metadata, pools) but not yet seen:
  // Stage throws and changes nothing; Commit only swaps. Between them the caller holds LockChanges().
  struct Staged {
    std::shared_ptr<const RuleSet> configured, serving;
    std::map<std::string, std::shared_ptr<BackendPool>> pools;
  };
  Staged Stage(std::shared_ptr<const RuleSet> configured);
  void Commit(Staged staged);
  std::unique_lock<std::mutex> LockChanges() { return std::unique_lock<std::mutex>(change_mutex_); }
  // Reads the table metadata of `storage_units` (those a DDL statement ran on) again and swaps in
  // the rules with it, as ShardingSphere's MetaDataRefreshEngine refreshes what the DDL changed.
  void RefreshTableMetadata(const std::set<std::string>& storage_units);
  // Writes the rules as configured to the rule file (secrets included: the file is the configuration).
  void Persist() const;
  void RemoveRuleFile() const;

 private:
  // Engine rules for `configured`: the server props under its own, then the storage units' metadata.
  // `only`: the storage units to read again (StorageUnitMetadata::Load), all when null.
  std::shared_ptr<const RuleSet> Serving(const std::shared_ptr<const RuleSet>& configured,
                                         const std::set<std::string>* only = nullptr);
  // Swaps `configured` in, the pools brought in line first; nothing changes when it throws.
  void SwapIn(std::shared_ptr<const RuleSet> configured) { Commit(Stage(std::move(configured))); }
  // The pools for `rules`: the current ones where their spec is unchanged, new ones otherwise.
  std::map<std::string, std::shared_ptr<BackendPool>> PoolsFor(const RuleSet& rules) const;

  std::string name_;
  Engine engine_;
  std::string rule_file_;
  Props server_props_;
  std::mutex change_mutex_;                     // one rule or metadata change at a time
  std::shared_ptr<const RuleSet> configured_;  // what the rule file holds
  StorageUnitMetadata metadata_;
  mutable std::mutex mutex_;  // pools_
  std::map<std::string, std::shared_ptr<BackendPool>> pools_;
};

class DatabaseRegistry {
 public:
  std::shared_ptr<LogicDatabase> Find(const std::string& name) const;  // null when unknown
  std::vector<std::string> Names() const;
  // False when the name is taken.
  bool Add(std::shared_ptr<LogicDatabase> database);
  std::shared_ptr<LogicDatabase> Remove(const std::string& name);
  // Runs `change` on the databases by name under the registry's lock, so that whoever looks
  // databases up sees all of the change or none of it (SIGHUP's swap over every database).
  void Change(const std::function<void(std::map<std::string, std::shared_ptr<LogicDatabase>>&)>& change);

 private:
  mutable std::mutex mutex_;
  std::map<std::string, std::shared_ptr<LogicDatabase>> databases_;
};

}  // namespace sqlroute::proxy
