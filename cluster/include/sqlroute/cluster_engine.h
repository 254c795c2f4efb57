#pragma once
// Engine::FromCluster's home: an Engine whose rules come from a ZooKeeper registry in
// ShardingSphere's layout and follow it. Routing goes through engine() as for any Engine (its
// copies share the live rules, swapped atomically on every registry change); DistSQL and
// replica states go through the registry so that every instance gets them.
#include <memory>
#include <string>
#include <vector>

#include "sqlroute/cluster.h"
#include "sqlroute/engine.h"

namespace sqlroute {

class ClusterEngine {
 public:
  // Joins the registry at `url` (zookeeper://host:port/namespace) for `database`; the other
  // fields of `options` as in cluster::ClusterOptions. Throws Error(REGISTRY_*) or the rules'
  // Error(CONFIG_*).
  static ClusterEngine FromCluster(const std::string& url, const std::string& database,
                                   cluster::ClusterOptions options = {});

  const Engine& engine() const;
  // Writes the DistSQL's result to the registry; on return this instance routes on it.
  void ApplyDistSql(const std::string& script);
  void SetReadDataSourceEnabled(const std::string& group, const std::string& replica, bool enabled);
  std::vector<cluster::ComputeNode> ComputeNodes() const;
  cluster::ClusterMember& member() const;
  void Close();

 private:
  struct Parts;
  explicit ClusterEngine(std::shared_ptr<Parts> parts);
  std::shared_ptr<Parts> parts_;
};

// The rule set of a registry snapshot: the YAML compiled, with the disabled replicas the
// registry names (a group or replica the rules no longer have is skipped).
std::shared_ptr<const RuleSet> CompileSnapshot(const cluster::RegistrySnapshot& snapshot);
// RulesHost::WithDistSql for an engine: the registry's YAML with the script applied, secrets kept.
std::string YamlWithDistSql(const std::string& yaml, const std::string& script);

}  // namespace sqlroute
