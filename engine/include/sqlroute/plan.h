#pragma once
// The result of routing one statement: what each data source receives, and what a proxy
// needs to combine the results.
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "sqlroute/value.h"

namespace sqlroute {

enum class RouteType {
  Standard,           // one sharding table, or binding tables
  Binding,            // binding tables joined
  Cartesian,          // several sharding tables without binding
  Broadcast,          // broadcast tables only
  DatabaseBroadcast,  // every data source (TCL, SET, most DAL)
  TableBroadcast,     // every actual table (DDL on sharding tables)
  InstanceBroadcast,  // each database instance once (DCL)
  Unicast,            // any one data source
  Single,             // single (unsharded) tables
  DataSourceHint,     // DATA_SOURCE_NAME hint
  Passthrough,        // no rule touches the statement
};
const char* RouteTypeName(RouteType type);

struct TableMapping {
  std::string logic;
  std::string actual;
};

// One statement a data source receives.
struct SqlUnit {
  std::string data_source;
  std::string sql;
  std::vector<Value> params;
};

// Where one unit goes before rewriting: the logic data source (a read/write group or a
// shadow production source) and the actual one, plus the logic -> actual tables.
struct RouteUnit {
  std::string logic_data_source;
  std::string data_source;
  std::vector<TableMapping> tables;
};

// What an algorithm did with a sharding value, for explain output.
struct RouteDecision {
  std::string table;
  std::string column;
  std::string algorithm;  // configured name
  std::string condition;  // "= 7", "IN (1, 2)", "BETWEEN 1 AND 5", "hint 3"
  std::vector<std::string> targets;
  bool database_level = false;
};

struct Plan {
  std::string logic_sql;
  std::string statement_kind;  // SELECT, INSERT, ...
  RouteType route_type = RouteType::Passthrough;
  std::vector<RouteUnit> route_units;
  std::vector<SqlUnit> units;
  std::vector<RouteDecision> decisions;
  std::vector<std::string> warnings;  // e.g. why a statement routes to every node

  std::string Explain() const;  // readable table; never shows secrets
};

}  // namespace sqlroute
