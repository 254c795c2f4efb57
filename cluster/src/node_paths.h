#pragma once
// ShardingSphere 5.5's registry layout (mode/node's *NodePath classes), under the namespace
// that Curator's `namespace(...)` puts in front of every path:
//   /metadata/{db}/data_sources/units/{unit}/{versions/N, active_version}   DataSourceMetaDataNodePath
//   /metadata/{db}/rules/{rule type}/{item}/{versions/N, active_version}     DatabaseRuleNodePath
//   /props/{versions/N, active_version}                                     GlobalPropertiesNodePath
//   /rules/{rule type}/{versions/N, active_version}                         GlobalRuleNodePath
//   /nodes/compute_nodes/{online/{jdbc|proxy}, status, worker_id, labels}/{instance}   ComputeNodePath
//   /reservation/worker_id/{id}                                             ReservationNodePath
//   /nodes/qualified_data_sources/{db}.{group}.{unit}                       QualifiedDataSourceNodePath
#include <string>

namespace sqlroute::cluster {

class NodePaths {
 public:
  explicit NodePaths(std::string namespace_name) : root_("/" + std::move(namespace_name)) {}

  const std::string& root() const { return root_; }
  std::string Databases() const { return root_ + "/metadata"; }
  std::string Database(const std::string& database) const { return Databases() + "/" + database; }
  std::string StorageUnits(const std::string& database) const { return Database(database) + "/data_sources/units"; }
  std::string Rules(const std::string& database) const { return Database(database) + "/rules"; }
  std::string Props() const { return root_ + "/props"; }
  std::string GlobalRules() const { return root_ + "/rules"; }

  std::string OnlineRoot(const std::string& instance_type) const {
    return root_ + "/nodes/compute_nodes/online/" + instance_type;
  }
  std::string Online(const std::string& instance_type, const std::string& instance) const {
    return OnlineRoot(instance_type) + "/" + instance;
  }
  std::string Status(const std::string& instance) const { return root_ + "/nodes/compute_nodes/status/" + instance; }
  std::string Labels(const std::string& instance) const { return root_ + "/nodes/compute_nodes/labels/" + instance; }
  std::string WorkerIdRoot() const { return root_ + "/nodes/compute_nodes/worker_id"; }
  std::string WorkerId(const std::string& instance) const { return WorkerIdRoot() + "/" + instance; }
  std::string WorkerIdReservation(int worker_id) const {
    return root_ + "/reservation/worker_id/" + std::to_string(worker_id);
  }
  std::string QualifiedDataSources() const { return root_ + "/nodes/qualified_data_sources"; }

 private:
  std::string root_;
};

// VersionNodePath: an item's content lives in versions/{N}; active_version names the N in use.
inline std::string VersionsOf(const std::string& item) { return item + "/versions"; }
inline std::string VersionOf(const std::string& item, int version) {
  return item + "/versions/" + std::to_string(version);
}
inline std::string ActiveVersionOf(const std::string& item) { return item + "/active_version"; }

}  // namespace sqlroute::cluster
