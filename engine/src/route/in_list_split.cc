#include "route/in_list_split.h"

#include "common/strings.h"
#include "route/table_router.h"

namespace sqlroute::route {

void PlanInListSplit(const RouteInput& input, const ShardingTable& table, const ShardingConditions& conditions,
                     RouteContext& context) {
  if (!input.rules.in_list_split || conditions.branches.size() != 1 || context.units.size() < 2) return;
  const ShardingCondition& branch = conditions.branches.front();
  if (branch.always_false) return;
  const ColumnCondition* split = nullptr;
  for (const auto& each : branch.columns) {
    if (each.in_list == ast::kNoExpr) continue;
    if (split) return;  // two IN lists: a value of one may need any value of the other
    split = &each;
  }
  if (!split || split->values.size() + 1 != input.statement.expr(split->in_list).children.size()) return;
  std::vector<RouteDecision> ignored;
  TableRouter router(*input.rules.sharding, input.hints, ignored);
  std::vector<std::vector<int>> items(context.units.size());
  ShardingCondition single;  // the branch with one value of the split IN list at a time
  std::size_t slot = 0;
  for (const auto& each : branch.columns) {
    if (each.in_list == split->in_list) {
      slot = single.columns.size();
      single.columns.push_back({each.table, each.column, false, {}, {}, "", ast::kNoExpr});
    } else {
      single.columns.push_back(each);
    }
  }
  for (std::size_t k = 0; k < split->values.size(); ++k) {
    single.columns[slot].values = {split->values[k]};
    for (const auto& node : router.Route(table, &single)) {
      for (std::size_t u = 0; u < context.units.size(); ++u) {
        const RouteUnit& unit = context.units[u];
        bool same = unit.data_source == node.data_source && !unit.tables.empty() &&
                    EqualsIgnoreCase(unit.tables.front().actual, node.table);
        if (same) items[u].push_back(static_cast<int>(k) + 1);
      }
    }
  }
  for (const auto& each : items) {
    if (each.empty()) return;  // a unit the values cannot explain: keep the statement whole
  }
  context.in_list = split->in_list;
  context.in_list_items = std::move(items);
}

}  // namespace sqlroute::route
