// The shadow, mask and single rules' SHOW statements.
#include <algorithm>
#include <cctype>

#include "distsql_cells.h"
#include "distsql_rule_queries.h"
#include "sqlroute/rule_set_views.h"

namespace sqlroute::proxy {

namespace {

YAML::Node ShadowRuleOf(const LogicDatabase& database) { return RuleOf(ExportedRules(database), "!SHADOW"); }

bool Contains(const YAML::Node& list, const std::string& name) {
  for (const auto& item : list) {
    if (ScalarOf(item) == name) return true;
  }
  return false;
}

}  // namespace

// ShowShadowRuleExecutor: a row per data source mapping (the rule), table of it and algorithm of
// the table.
StatementResult ShowShadowRules(const LogicDatabase& database, const std::string& only) {
  StatementResult result =
      Table({"shadow_table", "rule_name", "source_name", "shadow_name", "algorithm_type", "algorithm_props"});
  YAML::Node shadow = ShadowRuleOf(database);
  for (const auto& mapping : shadow["dataSources"]) {
    std::string rule = mapping.first.Scalar();
    if (!only.empty() && !SameName(rule, only)) continue;
    for (const auto& table : shadow["tables"]) {
      if (!Contains(table.second["dataSourceNames"], rule)) continue;
      for (const auto& algorithm_name : table.second["shadowAlgorithmNames"]) {
        YAML::Node algorithm = shadow["shadowAlgorithms"][ScalarOf(algorithm_name)];
        result.rows.push_back({table.first.Scalar(), rule, ScalarOf(mapping.second["productionDataSourceName"]),
                               ScalarOf(mapping.second["shadowDataSourceName"]), ScalarOf(algorithm["type"]),
                               PropsCell(algorithm["props"])});
      }
    }
  }
  return result;
}

// ShowShadowTableRulesExecutor (a named table: its row alone).
StatementResult ShowShadowTableRules(const LogicDatabase& database, const std::string& only) {
  StatementResult result = Table({"shadow_table", "shadow_algorithm_name"});
  for (const auto& table : ShadowRuleOf(database)["tables"]) {
    std::string name = table.first.Scalar();
    if (only.empty() || SameName(name, only)) result.rows.push_back({name, Joined(table.second["shadowAlgorithmNames"])});
  }
  return result;
}

// ShowShadowAlgorithmsExecutor
StatementResult ShowShadowAlgorithms(const LogicDatabase& database) {
  StatementResult result = Table({"shadow_algorithm_name", "type", "props", "is_default"});
  YAML::Node shadow = ShadowRuleOf(database);
  std::string default_name = ScalarOf(shadow["defaultShadowAlgorithmName"]);
  for (const auto& entry : shadow["shadowAlgorithms"]) {
    std::string name = entry.first.Scalar();
    result.rows.push_back({name, ScalarOf(entry.second["type"]), PropsCell(entry.second["props"]),
                           std::string(name == default_name ? "true" : "false")});
  }
  return result;
}

// ShowDefaultShadowAlgorithmExecutor
StatementResult ShowDefaultShadowAlgorithm(const LogicDatabase& database) {
  StatementResult result = Table({"shadow_algorithm_name", "type", "props"});
  YAML::Node shadow = ShadowRuleOf(database);
  std::string default_name = ScalarOf(shadow["defaultShadowAlgorithmName"]);
  YAML::Node algorithm = default_name.empty() ? YAML::Node() : shadow["shadowAlgorithms"][default_name];
  if (algorithm) result.rows.push_back({default_name, ScalarOf(algorithm["type"]), PropsCell(algorithm["props"])});
  return result;
}

// ShowMaskRuleExecutor's columns: sqlroute has no mask rule, so there is never a row.
StatementResult ShowMaskRules() { return Table({"table", "column", "algorithm_type", "algorithm_props"}); }

// ShowSingleTablesExecutor (MySQL: no schema column), by table name.
StatementResult ShowSingleTables(const LogicDatabase& database, const std::string& only, const std::string& like) {
  StatementResult result = Table({"table_name", "storage_unit_name"});
  std::vector<DataNodeView> nodes = SingleTableNodes(*database.engine().rules());
  std::stable_sort(nodes.begin(), nodes.end(), [](const DataNodeView& a, const DataNodeView& b) { return a.table < b.table; });
  for (const DataNodeView& node : nodes) {
    if (!only.empty() && !SameName(node.table, only)) continue;
    if (!like.empty() && !Like(node.table, like)) continue;
    result.rows.push_back({node.table, node.data_source});
  }
  return result;
}

// ShowDefaultSingleTableStorageUnitExecutor: RANDOM when there is no default.
StatementResult ShowDefaultSingleTableStorageUnit(const LogicDatabase& database) {
  StatementResult result = Table({"storage_unit_name"});
  std::string name = ScalarOf(RuleOf(ExportedRules(database), "!SINGLE")["defaultDataSource"]);
  result.rows.push_back({name.empty() ? std::string("RANDOM") : name});
  return result;
}

}  // namespace sqlroute::proxy
