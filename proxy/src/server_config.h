#pragma once
// The proxy's configuration directory, laid out as ShardingSphere-Proxy's conf/: server.yaml
// holds `authority.users`, `props` and `mode`; each database-*.yaml is one logical database's rule
// file (in cluster mode, the first start's configuration of the registry).
#include <cstddef>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "sqlroute/cluster.h"
#include "sqlroute/props.h"

namespace sqlroute::proxy {

struct ProxyUser {
  std::string name;
  std::string host;  // "%" matches every client address
  std::string password;
};

struct ServerConfig {
  std::string directory;
  std::vector<ProxyUser> users;
  Props props;
  std::vector<std::string> rule_files;  // database-*.yaml, sorted
  // `mode: {type: Cluster, repository: {type: ZooKeeper, props: ...}}`; nullopt for Standalone.
  std::optional<cluster::ClusterOptions> cluster_mode;
  // The global rules of server.yaml by ShardingSphere's rule type (authority, transaction,
  // sql_parser, ...) as the registry keeps them under /rules/{type}: YAML, users as
  // `{user: name@host, password: ...}` maps.
  std::map<std::string, std::string> global_rules;

  // A props value as a count (> 0), or `fallback` when absent. Throws Error naming props.<key>.
  std::size_t Count(const std::string& key, std::size_t fallback) const;
  // A props value true or false (any case), or `fallback` when absent.
  bool Flag(const std::string& key, bool fallback) const;
  // A props value as text, or `fallback` when absent.
  std::string Text(const std::string& key, const std::string& fallback) const;
};

// Reads DIR/server.yaml and lists DIR/database-*.yaml. Throws sqlroute::Error (CONFIG_*) with
// the key path; passwords never appear in errors.
ServerConfig LoadServerConfig(const std::string& directory);

// The users of an authority rule's YAML (as global_rules or the registry hold it). Throws
// sqlroute::Error naming `path` (never a password).
std::vector<ProxyUser> AuthorityUsers(const std::string& yaml, const std::string& path);

}  // namespace sqlroute::proxy
