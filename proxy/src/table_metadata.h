#pragma once
// A logical database's table metadata read from its storage units, as ShardingSphere-Proxy loads
// it when it builds a database and as its MetaDataRefreshEngine refreshes it after DDL. Each unit's
// last reading is kept: a unit that cannot be read keeps it (empty before the first reading), and
// the proxy logs which unit, never a password.
#include <map>
#include <memory>
#include <set>
#include <string>

#include "sqlroute/rule_set.h"

namespace sqlroute::proxy {

class StorageUnitMetadata {
 public:
  // `rules` with the metadata its storage units hold, each unit read again (with `only`, the units
  // it names and those never read); `rules` itself when no unit was ever read or the folded
  // metadata does not compile (logged with `database`).
  std::shared_ptr<const RuleSet> Load(const std::string& database, const std::shared_ptr<const RuleSet>& rules,
                                      const std::set<std::string>* only = nullptr);

 private:
  std::map<std::string, std::string> readings_;  // storage unit -> its tables, as YAML
};

// Statements after which ShardingSphere refreshes the metadata (its MetaDataRefresher types):
// CREATE / ALTER / DROP / RENAME TABLE, CREATE / DROP INDEX, CREATE / ALTER / DROP VIEW.
bool ChangesTableMetadata(const std::string& statement_kind);

}  // namespace sqlroute::proxy
