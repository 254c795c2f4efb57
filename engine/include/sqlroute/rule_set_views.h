#pragma once
// What a proxy embedding the engine reads of a rule set beyond RuleSet itself: the data nodes its
// DistSQL SHOW statements list (ShardingSphere-Proxy's ShowShardingTableNodesExecutor and
// ShowSingleTablesExecutor), and the server-wide props it applies to every database.
#include <memory>
#include <string>
#include <utility>
#include <vector>

#include "sqlroute/props.h"
#include "sqlroute/rule_set.h"

namespace sqlroute {

struct DataNodeView {
  std::string data_source;
  std::string table;
};

// Each sharding table, as configured (tables, then auto tables), with its actual data nodes in
// order (ShardingTable::getActualDataNodes: an auto table's as its sharding count lays them out).
std::vector<std::pair<std::string, std::vector<DataNodeView>>> ShardingTableNodes(const RuleSet& rules);

// The tables the single rule places on a data source, by (lower-cased) table name, as its
// `!SINGLE` tables matched against the metadata (SingleRule's single table data nodes).
std::vector<DataNodeView> SingleTableNodes(const RuleSet& rules);

// A new rule set whose props are `defaults` with `rules`' own props over them, key by key, as
// ShardingSphere-Proxy's server.yaml props apply to every database unless its rule file sets them.
std::shared_ptr<const RuleSet> WithDefaultProps(const RuleSet& rules, const Props& defaults);

}  // namespace sqlroute
