#pragma once
// Compute nodes in the registry, as ShardingSphere's ComputeNodePersistService and
// ClusterWorkerIdGenerator keep them: an instance is online while its ephemeral nodes exist
// (they go with its session), and its worker id is the lowest id no live instance holds,
// taken through an exclusive ephemeral reservation node.
#include <string>
#include <vector>

#include "node_paths.h"
#include "sqlroute/cluster.h"
#include "zk_client.h"

namespace sqlroute::cluster {

struct InstanceData {
  std::string id;
  std::string type;       // "jdbc" (an embedded engine) or "proxy"
  std::string attribute;  // jdbc: the host; proxy: host@port
  std::string version;
  std::string database;
  std::vector<std::string> labels;
};

// registerOnline: online/{type}/{id} (YAML of YamlComputeNodeData), status/{id} = OK, labels/{id}.
void RegisterOnline(ZkClient& client, const NodePaths& paths, const InstanceData& instance);
// The instance's worker id: the one it holds, else the lowest free one, reserved and then
// published under worker_id/{id}. Throws Error(WORKER_ID_ASSIGN_FAILED) past 1024 instances.
int AssignWorkerId(ZkClient& client, const NodePaths& paths, const std::string& instance);
// Every online instance, jdbc then proxy, each in id order.
std::vector<ComputeNode> LoadComputeNodes(ZkClient& client, const NodePaths& paths);

}  // namespace sqlroute::cluster
