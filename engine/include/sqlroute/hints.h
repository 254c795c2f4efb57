#pragma once
// Per-call hints: the explicit equivalent of ShardingSphere's HintManager, plus the values a
// SQL comment hint (/* SHARDINGSPHERE_HINT: ... */) carries. Call hints win over comment hints.
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "sqlroute/value.h"

namespace sqlroute {

struct Hints {
  // Sharding values per logic table for hint strategies (several values allowed).
  std::map<std::string, std::vector<Value>> database_values;
  std::map<std::string, std::vector<Value>> table_values;
  // setDatabaseShardingValue: one value for the database strategy of every table, tables
  // routed by database only.
  std::optional<Value> database_value_only;
  std::optional<std::string> data_source_name;
  bool write_route_only = false;
  bool shadow = false;
  bool skip_sql_rewrite = false;
  // SKIP_METADATA_VALIDATE: ShardingSphere's supported SQL checkers do not run (KernelProcessor),
  // the DDL checks against the table metadata among them.
  bool skip_metadata_validate = false;
  std::vector<std::string> disable_audit_names;

  bool empty() const {
    return database_values.empty() && table_values.empty() && !database_value_only && !data_source_name &&
           !write_route_only && !shadow && !skip_sql_rewrite && !skip_metadata_validate && disable_audit_names.empty();
  }
};

}  // namespace sqlroute
