#pragma once
// Where a storage unit is and how many connections to keep to it, read from the data source's
// props as ShardingSphere-Proxy reads them (url, username, password, HikariCP pool settings).
#include <chrono>
#include <cstddef>
#include <map>
#include <string>

#include "sqlroute/rule_set.h"

namespace sqlroute::proxy {

struct DataSourceSpec {
  std::string name;
  std::string host;
  unsigned port = 3306;
  std::string database;
  std::string user;
  std::string password;
  std::size_t max_pool_size = 50;
  std::size_t min_pool_size = 1;
  // HikariCP's defaults as ShardingSphere's HikariDataSourcePoolMetaData sets them.
  std::chrono::milliseconds connection_timeout{30000};
  std::chrono::milliseconds idle_timeout{60000};
  std::chrono::milliseconds max_lifetime{2100000};

  // Same server, login and pool settings: a pool for one serves the other.
  bool SameTarget(const DataSourceSpec& other) const;
};

// The storage units of a rule set by name. Throws Error(CONFIG_INVALID_VALUE) naming
// dataSources.<name>.<key> for a url or a pool setting it cannot use.
std::map<std::string, DataSourceSpec> DataSourceSpecs(const RuleSet& rules);

}  // namespace sqlroute::proxy
