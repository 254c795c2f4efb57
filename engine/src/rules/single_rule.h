#pragma once
// Where the tables no other rule governs live, as ShardingSphere's SingleRule places them: the
// `!SINGLE` tables (`*.*`, `ds.*`, `ds.t`, `*.t`) matched against the tables each data source holds
// (SingleRuleConfigurationDecorator, then SingleTableDataNodeLoader). sqlroute does not connect to
// the data sources: the `metadata:` entries with a `dataSource:` say which tables each one holds.
// For a table the metadata places nowhere, the configured names are taken at their word.
#include <map>
#include <optional>
#include <set>
#include <string>
#include <vector>

#include "config/rule_config.h"
#include "rules/data_source_graph.h"

namespace sqlroute::rules {

struct SingleTableLocation {
  std::string data_source;  // "*" = any
  std::string table;        // lower-cased; "*" = any
};

struct SingleRule {
  std::map<std::string, std::string> placed;  // lower-cased table -> data source, from the metadata
  std::set<std::string> described;            // lower-cased tables the metadata puts in some data source
  std::vector<SingleTableLocation> configured;
  std::string default_data_source;

  // Whether the single rule governs the table (ShardingSphere's SingleRule::getSingleTables).
  bool Governs(const std::string& table) const;
  // The data source of a single table, if the rule places it.
  std::optional<std::string> Locate(const std::string& table) const;
};

// Throws CONFIG_SINGLE_TABLE_NOT_FOUND or CONFIG_SINGLE_RULE_INVALID (ShardingSphere's
// SingleTableNotFoundException, InvalidSingleRuleConfigurationException) with the rule's path.
// `excluded` holds the lower-cased tables other rules govern (logic and actual tables).
SingleRule CompileSingle(const config::RuleConfig& config, const DataSourceGraph& graph,
                         const std::set<std::string>& excluded);

}  // namespace sqlroute::rules
