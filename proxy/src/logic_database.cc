#include "logic_database.h"

#include <cstdio>
#include <fstream>

#include "sqlroute/error_text.h"
#include "sqlroute/rule_set_views.h"

namespace sqlroute::proxy {

LogicDatabase::LogicDatabase(std::string name, Engine engine, std::string rule_file, Props server_props)
    : name_(std::move(name)),
      engine_(std::move(engine)),
      rule_file_(std::move(rule_file)),
      server_props_(std::move(server_props)),
      configured_(engine_.rules()) {
  SwapIn(configured_);
}

std::shared_ptr<BackendPool> LogicDatabase::Pool(const std::string& data_source) const {
  std::lock_guard<std::mutex> lock(mutex_);
  auto found = pools_.find(data_source);
  if (found == pools_.end()) {
    throw BackendFailure({1105, "HY000", Message<msg::NoConnectionPool>(arg::name = data_source).message});
  }
  return found->second;
}

std::map<std::string, std::shared_ptr<BackendPool>> LogicDatabase::Pools() const {
  std::lock_guard<std::mutex> lock(mutex_);
  return pools_;
}

std::map<std::string, DataSourceSpec> LogicDatabase::Specs() const { return DataSourceSpecs(*engine_.rules()); }

std::map<std::string, std::shared_ptr<BackendPool>> LogicDatabase::PoolsFor(const RuleSet& rules) const {
  std::map<std::string, DataSourceSpec> specs = DataSourceSpecs(rules);
  std::lock_guard<std::mutex> lock(mutex_);
  std::map<std::string, std::shared_ptr<BackendPool>> pools;
  for (auto& [name, spec] : specs) {
    auto existing = pools_.find(name);
    if (existing != pools_.end() && existing->second->spec().SameTarget(spec)) {
      pools.emplace(name, existing->second);
    } else {
      pools.emplace(name, std::make_shared<BackendPool>(spec));
    }
  }
  return pools;
}

std::shared_ptr<const RuleSet> LogicDatabase::Serving(const std::shared_ptr<const RuleSet>& configured,
                                                      const std::set<std::string>* only) {
  return metadata_.Load(name_, server_props_.empty() ? configured : WithDefaultProps(*configured, server_props_),
                        only);
}

LogicDatabase::Staged LogicDatabase::Stage(std::shared_ptr<const RuleSet> configured) {
  Staged staged{std::move(configured), nullptr, {}};
  staged.serving = Serving(staged.configured);
  staged.pools = PoolsFor(*staged.serving);
  return staged;
}

void LogicDatabase::Commit(Staged staged) {
  {
    std::lock_guard<std::mutex> lock(mutex_);
    pools_ = std::move(staged.pools);  // first: the new rules never route to a storage unit without a pool
  }  // statements running on a dropped pool keep it until they finish
  engine_.Reload(std::move(staged.serving));
  configured_ = std::move(staged.configured);
}

void LogicDatabase::ApplyDistSql(const std::string& script) {
  std::lock_guard<std::mutex> lock(change_mutex_);
  SwapIn(configured_->WithDistSql(script));
  Persist();
}

void LogicDatabase::Reload(std::shared_ptr<const RuleSet> rules) {
  std::lock_guard<std::mutex> lock(change_mutex_);
  SwapIn(std::move(rules));
}

void LogicDatabase::RefreshTableMetadata(const std::set<std::string>& storage_units) {
  std::lock_guard<std::mutex> lock(change_mutex_);
  engine_.Reload(Serving(configured_, &storage_units));
}

void LogicDatabase::Persist() const {
  if (rule_file_.empty()) return;
  std::string temporary = rule_file_ + ".tmp";
  {
    std::ofstream out(temporary, std::ios::trunc);
    out << configured_->ExportYaml(true);
    if (!out) throw Error(Message<msg::ProxyFileUnwritable>(arg::path = rule_file_));
  }
  if (std::rename(temporary.c_str(), rule_file_.c_str()) != 0) {
    throw Error(Message<msg::ProxyFileUnwritable>(arg::path = rule_file_));
  }
}

void LogicDatabase::RemoveRuleFile() const {
  if (!rule_file_.empty()) std::remove(rule_file_.c_str());
}

std::shared_ptr<LogicDatabase> DatabaseRegistry::Find(const std::string& name) const {
  std::lock_guard<std::mutex> lock(mutex_);
  auto found = databases_.find(name);
  return found == databases_.end() ? nullptr : found->second;
}

std::vector<std::string> DatabaseRegistry::Names() const {
  std::lock_guard<std::mutex> lock(mutex_);
  std::vector<std::string> names;
  for (const auto& [name, database] : databases_) names.push_back(name);
  return names;
}

bool DatabaseRegistry::Add(std::shared_ptr<LogicDatabase> database) {
  std::lock_guard<std::mutex> lock(mutex_);
  return databases_.emplace(database->name(), std::move(database)).second;
}

void DatabaseRegistry::Change(
    const std::function<void(std::map<std::string, std::shared_ptr<LogicDatabase>>&)>& change) {
  std::lock_guard<std::mutex> lock(mutex_);
  change(databases_);
}

std::shared_ptr<LogicDatabase> DatabaseRegistry::Remove(const std::string& name) {
  std::lock_guard<std::mutex> lock(mutex_);
  auto found = databases_.find(name);
  if (found == databases_.end()) return nullptr;
  std::shared_ptr<LogicDatabase> removed = found->second;
  databases_.erase(found);
  return removed;
}

}  // namespace sqlroute::proxy
