// The sharding rule's SHOW statements beyond SHOW SHARDING TABLE RULES.
#include "distsql_cells.h"
#include "distsql_rule_queries.h"
#include "sqlroute/rule_set_views.h"

namespace sqlroute::proxy {

namespace {

YAML::Node ShardingRuleOf(const LogicDatabase& database) { return RuleOf(ExportedRules(database), "!SHARDING"); }

// Name, type and props of each algorithm of `algorithms` (a name -> {type, props} map) that `wanted` takes.
template <typename Wanted>
StatementResult Algorithms(const YAML::Node& algorithms, std::vector<std::string> columns, Wanted wanted) {
  StatementResult result = Table(columns);
  for (const auto& entry : algorithms) {
    std::string name = entry.first.Scalar();
    if (!wanted(name)) continue;
    result.rows.push_back({name, ScalarOf(entry.second["type"]), PropsCell(entry.second["props"])});
  }
  return result;
}

// A binding group as exported: `name:t1,t2` or `t1,t2`.
std::pair<std::string, std::string> BindingGroup(const std::string& item) {
  std::size_t colon = item.find(':');
  if (colon == std::string::npos) return {std::string(), item};
  return {item.substr(0, colon), item.substr(colon + 1)};
}

}  // namespace

// ShowShardingAlgorithmExecutor
StatementResult ShowShardingAlgorithms(const LogicDatabase& database) {
  return Algorithms(ShardingRuleOf(database)["shardingAlgorithms"], {"name", "type", "props"},
                    [](const std::string&) { return true; });
}

// ShowShardingKeyGeneratorExecutor
StatementResult ShowShardingKeyGenerators(const LogicDatabase& database, const std::string& only) {
  return Algorithms(ShardingRuleOf(database)["keyGenerators"], {"name", "type", "props"},
                    [&](const std::string& name) { return only.empty() || name == only; });
}

// ShowDefaultShardingStrategyExecutor: the TABLE row, then the DATABASE row.
StatementResult ShowDefaultShardingStrategy(const LogicDatabase& database) {
  StatementResult result = Table({"name", "type", "sharding_column", "sharding_algorithm_name",
                                  "sharding_algorithm_type", "sharding_algorithm_props"});
  YAML::Node sharding = ShardingRuleOf(database);
  for (const char* kind : {"TABLE", "DATABASE"}) {
    YAML::Node strategy = sharding[std::string(kind) == "TABLE" ? "defaultTableStrategy" : "defaultDatabaseStrategy"];
    std::string type = StrategyType(strategy);
    std::vector<Cell> row = {std::string(kind), type};
    if (type.empty() || type == "NONE") {
      row.insert(row.end(), 4, std::string());
    } else {
      YAML::Node body = StrategyBody(strategy);
      std::string algorithm = ScalarOf(body["shardingAlgorithmName"]);
      YAML::Node config = sharding["shardingAlgorithms"][algorithm];
      row.push_back(type == "COMPLEX" ? ScalarOf(body["shardingColumns"]) : ScalarOf(body["shardingColumn"]));
      row.push_back(algorithm);
      row.push_back(ScalarOf(config["type"]));
      row.push_back(PropsCell(config["props"]));
    }
    result.rows.push_back(std::move(row));
  }
  return result;
}

// ShowShardingTableNodesExecutor: `ds.table` nodes joined by ", ".
StatementResult ShowShardingTableNodes(const LogicDatabase& database, const std::string& only) {
  StatementResult result = Table({"name", "nodes"});
  for (const auto& [table, nodes] : ShardingTableNodes(*database.engine().rules())) {
    if (!only.empty() && !SameName(table, only)) continue;
    std::string text;
    for (const DataNodeView& node : nodes) text += (text.empty() ? "" : ", ") + node.data_source + "." + node.table;
    result.rows.push_back({table, text});
  }
  return result;
}

// ShowShardingTableReferenceRuleExecutor. A group written without a name has none to show
// (ShardingSphere makes up a random one).
StatementResult ShowShardingTableReferenceRules(const LogicDatabase& database, const std::string& only) {
  StatementResult result = Table({"name", "sharding_table_reference"});
  for (const auto& item : ShardingRuleOf(database)["bindingTables"]) {
    auto [name, reference] = BindingGroup(ScalarOf(item));
    if (only.empty() || SameName(name, only)) result.rows.push_back({name, reference});
  }
  return result;
}

// ShowShardingBindingTableRulesExecutor (before 5.3: the groups' tables alone).
StatementResult ShowShardingBindingTableRules(const LogicDatabase& database) {
  StatementResult result = Table({"sharding_binding_tables"});
  for (const auto& item : ShardingRuleOf(database)["bindingTables"]) {
    result.rows.push_back({BindingGroup(ScalarOf(item)).second});
  }
  return result;
}

}  // namespace sqlroute::proxy
