#pragma once
// Everything a RuleSet holds once compiled: immutable and shared between threads.
#include <map>
#include <memory>
#include <optional>
#include <set>
#include <string>
#include <vector>

#include "config/rule_config.h"
#include "rules/encrypt_rule.h"
#include "rules/readwrite_rule.h"
#include "rules/shadow_rule.h"
#include "rules/data_source_graph.h"
#include "rules/single_rule.h"
#include "rules/sharding_rule.h"

namespace sqlroute::rules {

struct CompiledRules {
  config::RuleConfig config;
  DataSourceGraph data_source_graph;
  std::vector<std::string> data_sources;  // the graph's top-level data sources (DataSourceGraph::top_level)
  std::optional<rules::ShardingRule> sharding;
  std::set<std::string> broadcast_tables;  // lower-cased
  std::vector<rules::ReadwriteGroup> readwrite_groups;
  std::optional<rules::ShadowRule> shadow;
  std::optional<rules::EncryptRule> encrypt;
  rules::SingleRule single;
  std::map<std::string, config::TableMetadataConfig> table_metadata;  // lower-cased table -> its metadata
  std::map<std::string, std::vector<std::string>> table_columns;      // lower-cased table -> all columns
  std::map<std::string, std::vector<std::string>> visible_columns;    // lower-cased table -> visible columns
  int max_connections_size_per_query = 1;
  int max_union_size_per_datasource = 2147483647;  // prop of the same name; 1 disables UNION ALL
  // prop `in-list-split-enabled` (default false, ShardingSphere 5.5: every unit gets the whole IN
  // list): each unit gets only its IN values.
  bool in_list_split = false;
  // prop `having-merge-enabled` (default true): where a group may span units, the units drop HAVING
  // and the merge evaluates it on the merged groups. False is ShardingSphere 5.5 with SQL federation off: each unit evaluates
  // HAVING on its share of a group's rows, a wrong result when a group spans nodes.
  bool having_merge = true;

  bool IsBroadcastTable(const std::string& table) const;
  // All columns of a table in ordinal order (names a statement may use), or nullptr when unknown.
  const std::vector<std::string>* ColumnsOf(const std::string& table) const;
  // The visible ones, in order: what `*` and INSERT without a column list name.
  const std::vector<std::string>* VisibleColumnsOf(const std::string& table) const;
  const config::TableMetadataConfig* MetadataOf(const std::string& table) const;
};

// Validates and compiles; throws Error(CONFIG_*) naming the config path.
std::shared_ptr<const CompiledRules> Compile(config::RuleConfig config);

}  // namespace sqlroute::rules
