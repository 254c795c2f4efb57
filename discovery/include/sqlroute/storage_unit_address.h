#pragma once
// Where a storage unit is, from the data source props of the canonical export (url, username,
// password), as ShardingSphere's JDBC url names a MySQL database.
#include <map>
#include <string>

#include "sqlroute/rule_set.h"

namespace sqlroute::discovery {

struct StorageUnitAddress {
  std::string host;
  unsigned port = 3306;
  std::string database;
  std::string user;
  std::string password;
};

// Host, port and database of a `jdbc:mysql://host[:port]/database[?options]` url (jdbc:mariadb://
// too) into `address`. Throws Error(CONFIG_INVALID_VALUE) at `path` for any other url.
void ParseStorageUnitUrl(const std::string& url, StorageUnitAddress& address, const std::string& path);

// The addresses of the rule set's storage units by name. Throws Error(CONFIG_INVALID_VALUE) naming
// dataSources.<name>.url for a url that is not jdbc:mysql:// or jdbc:mariadb://.
std::map<std::string, StorageUnitAddress> StorageUnitAddresses(const RuleSet& rules);

}  // namespace sqlroute::discovery
