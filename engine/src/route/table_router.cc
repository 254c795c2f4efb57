#include "route/table_router.h"

#include <algorithm>
#include <unordered_set>

#include "common/strings.h"
#include "sqlroute/error.h"

namespace sqlroute::route {
namespace {

using Kind = config::StrategyConfig::Kind;

std::string JavaList(const std::vector<std::string>& items) { return "[" + Join(items, ", ") + "]"; }

// ShardingSphere collects strategy results in a case-insensitive TreeSet.
std::vector<std::string> SortedDistinct(std::vector<std::string> targets) {
  std::sort(targets.begin(), targets.end(), [](const std::string& a, const std::string& b) { return LessIgnoreCase(a, b); });
  targets.erase(std::unique(targets.begin(), targets.end(),
                            [](const std::string& a, const std::string& b) { return EqualsIgnoreCase(a, b); }),
                targets.end());
  return targets;
}

void CheckTarget(const std::string& target, const std::vector<std::string>& available) {
  if (std::find(available.begin(), available.end(), target) == available.end()) {
    throw Error(ErrorCode::ROUTED_TARGET_NOT_EXIST, "Routed target `" + target +
                                                        "` does not exist, available targets are `" +
                                                        JavaList(available) + "`.");
  }
}

}  // namespace

const ColumnCondition* TableRouter::FindCondition(const ShardingTable& table, const std::string& column,
                                                  const ShardingCondition* branch) const {
  if (!branch) return nullptr;
  for (const auto& each : branch->columns) {
    if (each.column != column) continue;
    bool bound = each.table == &table ||
                 (table.binding_group >= 0 && each.table->binding_group == table.binding_group);
    if (bound) return &each;
  }
  return nullptr;
}

std::vector<Value> TableRouter::HintValues(const ShardingTable& table, bool database_level) const {
  if (database_level && hints_.database_value_only) return {*hints_.database_value_only};
  const auto& values = database_level ? hints_.database_values : hints_.table_values;
  for (const auto& each : values) {
    if (EqualsIgnoreCase(each.first, table.logic_table)) return each.second;
  }
  auto any = values.find("");
  return any == values.end() ? std::vector<Value>{} : any->second;
}

std::vector<std::string> TableRouter::RunStrategy(const ShardingStrategy& strategy,
                                                  const std::vector<std::string>& available,
                                                  const ShardingTable& table, const DataNodeInfo& info,
                                                  const ShardingCondition* branch, bool database_level) const {
  RouteDecision decision;
  decision.table = table.logic_table;
  decision.algorithm = strategy.algorithm_name;
  decision.database_level = database_level;
  std::vector<std::string> result;
  switch (strategy.kind) {
    case Kind::None: return available;
    case Kind::Hint: {
      std::vector<Value> values = HintValues(table, database_level);
      std::vector<std::string> shown;
      for (const auto& each : values) shown.push_back(each.ToDisplay());
      decision.condition = "hint " + Join(shown, ", ");
      result = SortedDistinct(strategy.algorithm.hint->DoSharding(available, table.logic_table, values));
      break;
    }
    case Kind::Standard: {
      const std::string& column = strategy.columns.front();
      const ColumnCondition* condition = FindCondition(table, column, branch);
      if (!condition) return available;
      decision.column = column;
      decision.condition = condition->text;
      ShardingTarget target{table.logic_table, strategy.column_names.front(), info};
      if (condition->is_range) {
        result = strategy.algorithm.standard->DoRangeSharding(available, target, condition->range);
      } else {
        std::unordered_set<std::string> seen;  // an IN list names each target many times
        std::vector<std::string>* record = nullptr;
        if (choices_ && condition->in_list != ast::kNoExpr) {
          record = &(*choices_)[{condition->in_list, &available}];
          record->assign(condition->values.size(), std::string());
        }
        for (std::size_t k = 0; k < condition->values.size(); ++k) {
          std::string chosen = strategy.algorithm.standard->DoSharding(available, target, condition->values[k]);
          if (record) (*record)[k] = chosen;
          if (chosen.empty() || seen.count(chosen)) continue;
          CheckTarget(chosen, available);
          seen.insert(chosen);
          result.push_back(std::move(chosen));
        }
      }
      result = SortedDistinct(std::move(result));
      break;
    }
    case Kind::Complex: {
      std::map<std::string, std::vector<Value>> values;
      std::map<std::string, ValueRange> ranges;
      std::vector<std::string> shown;
      for (std::size_t i = 0; i < strategy.columns.size(); ++i) {
        const ColumnCondition* condition = FindCondition(table, strategy.columns[i], branch);
        if (!condition) continue;
        const std::string& name = strategy.column_names[i];
        shown.push_back(name + " " + condition->text);
        if (condition->is_range) {
          ranges[name] = condition->range;
        } else {
          values[name] = condition->values;
        }
      }
      if (values.empty() && ranges.empty()) return available;
      decision.column = Join(strategy.columns, ",");
      decision.condition = Join(shown, " AND ");
      result = SortedDistinct(strategy.algorithm.complex->DoSharding(available, table.logic_table, values, ranges));
      for (const auto& each : result) CheckTarget(each, available);
      break;
    }
  }
  decision.targets = result;
  if (!result.empty()) decisions_.push_back(std::move(decision));
  return result;
}

std::vector<DataNode> TableRouter::Route(const ShardingTable& table, const ShardingCondition* branch) const {
  std::vector<std::string> data_sources =
      RunStrategy(table.database_strategy, table.data_sources, table, table.data_source_info, branch, true);
  for (const auto& each : data_sources) CheckTarget(each, table.data_sources);
  if (data_sources.empty()) throw Error(ErrorCode::NO_DATABASE_ROUTE, "No sharding database route info.");
  std::vector<DataNode> result;
  bool table_hint_skipped = hints_.database_value_only.has_value();
  for (const auto& ds : data_sources) {
    const auto& available = table.ActualTables(ds);
    std::vector<std::string> tables =
        table_hint_skipped ? available : RunStrategy(table.table_strategy, available, table, table.table_info, branch, false);
    for (auto& each : tables) result.push_back({ds, std::move(each)});
  }
  return result;
}

}  // namespace sqlroute::route
