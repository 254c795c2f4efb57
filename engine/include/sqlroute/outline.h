#pragma once
// Plain-data outlines for tools that inspect the engine without routing: how one statement
// parses, and how a rule set lays its tables over data sources. Texts are as written in the SQL
// or the rules; secrets are left out.
#include <cstddef>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "sqlroute/rule_set.h"

namespace sqlroute {

struct TableOutline {
  std::string name;
  std::optional<std::string> schema;
  std::optional<std::string> alias;
  std::string role;  // from, insert, update, delete, ddl, reference or other
};

struct StatementOutline {
  std::string kind;                   // "SELECT", "CREATE TABLE", ...
  std::vector<TableOutline> tables;   // every table reference, in text order
  std::size_t params = 0;             // `?` markers
  std::vector<std::string> schemas;   // names of schemas, indexes and constraints the statement mentions
  std::vector<std::string> indexes;
  std::vector<std::string> constraints;
  std::vector<std::string> comments;  // whole comments, delimiters included
  // One-line outlines taken from the SQL text: joins of the main query or of UPDATE / DELETE
  // (`LEFT JOIN ON a.x = b.x`), SET items (`GLOBAL max_connections = 100`), windows
  // (`ROW_NUMBER OVER PARTITION BY a ORDER BY b DESC`) and ORDER BY inside calls
  // (`GROUP_CONCAT ORDER BY b DESC, c`).
  std::vector<std::string> joins;
  std::vector<std::string> variables;
  std::vector<std::string> windows;
  std::vector<std::string> call_orders;
};

// Parses one MySQL statement. Throws Error(SQL_*) with the position of the problem.
StatementOutline OutlineStatement(std::string_view sql);

struct StrategyOutline {
  std::string kind;                  // standard, complex, hint or none
  std::vector<std::string> columns;  // sharding columns as configured
  std::string algorithm;             // the algorithm's name in the rules ("" for none)
  std::string type;                  // its type, e.g. MOD or INLINE ("" when unknown)
  std::vector<std::pair<std::string, std::string>> props;  // without secret props
};

struct ShardingTableOutline {
  std::string name;  // the logic table
  bool auto_table = false;
  std::vector<std::pair<std::string, std::string>> nodes;  // (data source, actual table), configured order
  StrategyOutline database_strategy;
  StrategyOutline table_strategy;
};

struct ReadwriteGroupOutline {
  std::string name;
  std::string write;
  std::vector<std::string> reads;
};

struct RulesOutline {
  std::vector<std::string> data_sources;  // the logic data sources (a read/write group is one)
  std::vector<ShardingTableOutline> sharding_tables;
  std::vector<std::vector<std::string>> binding_groups;  // logic tables of each group
  std::vector<ReadwriteGroupOutline> readwrite_groups;
  std::vector<std::pair<std::string, std::string>> shadow_data_sources;  // (production, shadow)
  std::vector<std::string> broadcast_tables;  // lower-cased, sorted
};

// The compiled layout of `rules`.
RulesOutline OutlineRules(const RuleSet& rules);

}  // namespace sqlroute
