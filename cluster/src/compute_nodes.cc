#include "compute_nodes.h"

#include <yaml-cpp/yaml.h>

#include <algorithm>
#include <chrono>
#include <set>
#include <thread>

#include "sqlroute/error.h"
#include "sqlroute/error_text.h"

namespace sqlroute::cluster {
namespace {

constexpr int kMaxWorkerId = 1023;  // WorkerIdGenerator.MAX_WORKER_ID
constexpr int kReserveAttempts = 1000;

std::optional<int> ParseWorkerId(const std::optional<std::string>& text) {
  if (!text || text->empty() || text->size() > 4 || !std::all_of(text->begin(), text->end(), ::isdigit)) {
    return std::nullopt;
  }
  return std::stoi(*text);
}

// YamlEngine.marshal(YamlComputeNodeData): the set properties in name order.
std::string ComputeNodeYaml(const InstanceData& instance) {
  YAML::Emitter out;
  out << YAML::BeginMap << YAML::Key << "attribute" << YAML::Value << instance.attribute;
  if (!instance.database.empty()) out << YAML::Key << "databaseName" << YAML::Value << instance.database;
  out << YAML::Key << "version" << YAML::Value << instance.version << YAML::EndMap;
  return std::string(out.c_str()) + "\n";
}

std::string LabelsYaml(const std::vector<std::string>& labels) {
  if (labels.empty()) return "[]\n";
  YAML::Emitter out;
  out << labels;
  return std::string(out.c_str()) + "\n";
}

ComputeNode ReadComputeNode(ZkClient& client, const NodePaths& paths, const std::string& type, const std::string& id) {
  ComputeNode node;
  node.instance_id = id;
  node.instance_type = type;
  std::optional<std::string> data = client.Get(paths.Online(type, id));
  try {
    YAML::Node yaml = YAML::Load(data.value_or(""));
    std::string attribute = yaml["attribute"].as<std::string>("");
    std::size_t at = attribute.find('@');
    node.host = attribute.substr(0, at);
    if (at != std::string::npos) node.port = std::atoi(attribute.c_str() + at + 1);
    node.version = yaml["version"].as<std::string>("");
    node.database_name = yaml["databaseName"].as<std::string>("");
    YAML::Node labels = YAML::Load(client.Get(paths.Labels(id)).value_or("[]"));
    if (labels.IsSequence()) {
      for (const auto& label : labels) node.labels.push_back(label.as<std::string>(""));
    }
  } catch (const YAML::Exception& error) {
    throw Error(Message<msg::RegistryContentInvalid>(arg::path = paths.Online(type, id), arg::what = "compute node",
                                                     arg::detail = error.msg));
  }
  node.status = client.Get(paths.Status(id)).value_or("");
  node.worker_id = ParseWorkerId(client.Get(paths.WorkerId(id))).value_or(-1);
  return node;
}

}  // namespace

void RegisterOnline(ZkClient& client, const NodePaths& paths, const InstanceData& instance) {
  client.PersistEphemeral(paths.Online(instance.type, instance.id), ComputeNodeYaml(instance));
  client.PersistEphemeral(paths.Status(instance.id), "OK");
  client.PersistEphemeral(paths.Labels(instance.id), LabelsYaml(instance.labels));
}

int AssignWorkerId(ZkClient& client, const NodePaths& paths, const std::string& instance) {
  if (std::optional<int> held = ParseWorkerId(client.Get(paths.WorkerId(instance)))) return *held;
  for (int attempt = 0; attempt < kReserveAttempts; ++attempt) {
    std::set<int> assigned;
    for (const std::string& each : client.Children(paths.WorkerIdRoot())) {
      if (std::optional<int> id = ParseWorkerId(client.Get(paths.WorkerId(each)))) assigned.insert(*id);
    }
    if (assigned.size() > kMaxWorkerId) throw Error(Message<msg::WorkerIdAssignFailed>());
    int candidate = 0;
    while (assigned.count(candidate)) ++candidate;
    if (candidate > kMaxWorkerId) throw Error(Message<msg::WorkerIdAssignFailed>());
    if (client.CreateExclusiveEphemeral(paths.WorkerIdReservation(candidate), instance)) {
      client.PersistEphemeral(paths.WorkerId(instance), std::to_string(candidate));
      return candidate;
    }
    // Another instance reserved it and is about to publish it: look again shortly.
    std::this_thread::sleep_for(std::chrono::milliseconds(attempt < 10 ? 1 : 10));
  }
  throw Error(Message<msg::WorkerIdAssignFailed>());
}

std::vector<ComputeNode> LoadComputeNodes(ZkClient& client, const NodePaths& paths) {
  std::vector<ComputeNode> nodes;
  for (const char* type : {"jdbc", "proxy"}) {
    for (const std::string& id : client.Children(paths.OnlineRoot(type))) {
      if (client.Exists(paths.Online(type, id))) nodes.push_back(ReadComputeNode(client, paths, type, id));
    }
  }
  return nodes;
}

}  // namespace sqlroute::cluster
