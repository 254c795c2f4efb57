#pragma once
// A logical database of the proxy: its engine (the rules) and a connection pool per storage
// unit, kept in step when DistSQL changes the storage units. The registry holds them by name.
#include <map>
#include <memory>
#include <mutex>
#include <string>
#include <vector>

#include "backend_pool.h"
#include "sqlroute/engine.h"

namespace sqlroute::proxy {

class LogicDatabase {
 public:
  // `rule_file`: where rules changed by DistSQL are written back.
  LogicDatabase(std::string name, Engine engine, std::string rule_file);

  const std::string& name() const { return name_; }
  const Engine& engine() const { return engine_; }
  // Throws BackendFailure for a data source without a pool.
  std::shared_ptr<BackendPool> Pool(const std::string& data_source) const;
  std::map<std::string, DataSourceSpec> Specs() const;

  // Applies DistSQL RDL, then brings the pools in line and writes the rules back to the rule
  // file. Throws sqlroute::Error; nothing changes when the script fails.
  void ApplyDistSql(const std::string& script);
  // Swaps in rules read again from the rule file (SIGHUP), with the pools brought in line.
  void Reload(std::shared_ptr<const RuleSet> rules);
  // Writes the rules to the rule file (secrets included: the file is the configuration).
  void Persist() const;
  void RemoveRuleFile() const;

 private:
  void SyncPools();

  std::string name_;
  Engine engine_;
  std::string rule_file_;
  mutable std::mutex mutex_;  // pools_ and DistSQL changes
  std::map<std::string, std::shared_ptr<BackendPool>> pools_;
};

class DatabaseRegistry {
 public:
  std::shared_ptr<LogicDatabase> Find(const std::string& name) const;  // null when unknown
  std::vector<std::string> Names() const;
  // False when the name is taken.
  bool Add(std::shared_ptr<LogicDatabase> database);
  std::shared_ptr<LogicDatabase> Remove(const std::string& name);

 private:
  mutable std::mutex mutex_;
  std::map<std::string, std::shared_ptr<LogicDatabase>> databases_;
};

}  // namespace sqlroute::proxy
