// ShardingSphere's mode configuration (YamlModeConfiguration, YamlPersistRepositoryConfiguration)
// and the ZooKeeper repository props (ZookeeperPropertyKey) as ClusterOptions.
#include <yaml-cpp/yaml.h>

#include "sqlroute/cluster.h"
#include "sqlroute/error.h"
#include "sqlroute/error_text.h"

namespace sqlroute::cluster {
namespace {

std::string Text(const YAML::Node& node, const std::string& fallback = "") {
  return node && node.IsScalar() ? node.Scalar() : fallback;
}

int Number(const YAML::Node& node, int fallback, const std::string& path) {
  if (!node) return fallback;
  try {
    return node.as<int>();
  } catch (const YAML::Exception&) {
    throw Error(Message<msg::ExpectedScalar>(), path);
  }
}

}  // namespace

std::optional<ClusterOptions> ModeOptions(const std::string& yaml) {
  YAML::Node root;
  try {
    root = YAML::Load(yaml);
  } catch (const YAML::Exception&) {
    return std::nullopt;  // the rule loader reports the YAML error itself
  }
  YAML::Node mode = root.IsMap() ? root["mode"] : YAML::Node();
  if (!mode || !mode.IsMap() || Text(mode["type"]) != "Cluster") return std::nullopt;
  YAML::Node repository = mode["repository"];
  std::string type = Text(repository["type"]);
  if (type != "ZooKeeper") throw Error(Message<msg::ModeRepositoryUnsupported>(arg::type = type), "mode.repository.type");
  YAML::Node props = repository["props"];
  std::string namespace_name = Text(props["namespace"]);
  std::string servers = Text(props["server-lists"]);
  if (namespace_name.empty()) throw Error(Message<msg::MissingKey>(arg::key = "namespace"), "mode.repository.props");
  if (servers.empty()) throw Error(Message<msg::MissingKey>(arg::key = "server-lists"), "mode.repository.props");
  ClusterOptions options;
  options.url = "zookeeper://" + servers + "/" + namespace_name;
  options.database = Text(root["databaseName"], "logic_db");  // ShardingSphere's DefaultDatabase.LOGIC_NAME
  options.digest = Text(props["digest"]);
  options.session_timeout_ms = 1000 * Number(props["timeToLiveSeconds"], 60, "mode.repository.props.timeToLiveSeconds");
  options.connect_timeout_ms = Number(props["retryIntervalMilliseconds"], 500, "mode.repository.props.retryIntervalMilliseconds") *
                               Number(props["maxRetries"], 3, "mode.repository.props.maxRetries");
  RegistryUrl::Parse(options.url);
  return options;
}

}  // namespace sqlroute::cluster
