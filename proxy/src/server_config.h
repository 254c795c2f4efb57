#pragma once
// The proxy's configuration directory, laid out as ShardingSphere-Proxy's conf/: server.yaml
// holds `authority.users` and `props`; each database-*.yaml is one logical database's rule file.
#include <cstddef>
#include <string>
#include <vector>

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

  // A props value as a count (> 0), or `fallback` when absent. Throws Error naming props.<key>.
  std::size_t Count(const std::string& key, std::size_t fallback) const;
};

// Reads DIR/server.yaml and lists DIR/database-*.yaml. Throws sqlroute::Error (CONFIG_*) with
// the key path; passwords never appear in errors.
ServerConfig LoadServerConfig(const std::string& directory);

}  // namespace sqlroute::proxy
