#include "route/in_list_split.h"

#include <unordered_map>

#include "common/strings.h"

namespace sqlroute::route {
namespace {

using Kind = config::StrategyConfig::Kind;

// Case-insensitive hashing of table names, without building lower-cased copies.
struct NoCaseHash {
  std::size_t operator()(std::string_view text) const {
    std::size_t hash = 14695981039346656037ull;
    for (char c : text) {
      unsigned char lower = c >= 'A' && c <= 'Z' ? static_cast<unsigned char>(c - 'A' + 'a') : static_cast<unsigned char>(c);
      hash = (hash ^ lower) * 1099511628211ull;
    }
    return hash;
  }
};
struct NoCaseEqual {
  bool operator()(std::string_view a, std::string_view b) const { return EqualsIgnoreCase(a, b); }
};
using UnitsByTable = std::unordered_map<std::string_view, std::size_t, NoCaseHash, NoCaseEqual>;

// The units of one data source, by their first actual table.
struct DataSourceUnits {
  const std::string* data_source;
  const std::vector<std::string>* available;  // the data source's actual tables
  const std::vector<int>* chosen;             // the table chosen there for each value, when recorded
  UnitsByTable units;
  std::vector<std::size_t> all;               // every unit of the data source
  std::vector<int> unit_of_table;             // by index in `available`: its unit, or -1
};

// True when `strategy` reads its value from the split IN list (the condition TableRouter would
// find for its column is the split one), so that its result differs per value.
bool ReadsSplit(const rules::ShardingStrategy& strategy, const rules::ShardingTable& table, const ShardingCondition& branch,
                const ColumnCondition& split) {
  if (strategy.kind != Kind::Standard && strategy.kind != Kind::Complex) return false;
  for (const auto& column : strategy.columns) {
    for (const auto& each : branch.columns) {
      if (each.column != column) continue;
      bool bound = each.table == &table ||
                   (table.binding_group >= 0 && each.table->binding_group == table.binding_group);
      if (!bound) continue;
      if (&each == &split) return true;
      break;
    }
  }
  return false;
}

// Groups the IN values by unit in one pass: a standard strategy on the split column gives each value
// the target the route recorded for it (or is asked again when nothing was recorded); a level that
// does not read the split column gives every value the same targets, those of the route units.
bool GroupByStandardStrategies(const rules::ShardingTable& table, const ColumnCondition& split, const InListChoices& choices,
                               bool per_value_database, bool per_value_table, const RouteContext& context,
                               std::vector<std::vector<int>>& items) {
  auto recorded = [&](const std::vector<std::string>& available) -> const std::vector<int>* {
    auto found = choices.find({split.in_list, &available});
    return found != choices.end() && found->second.size() == split.values.size() ? &found->second : nullptr;
  };
  std::vector<DataSourceUnits> sources;
  for (std::size_t u = 0; u < context.units.size(); ++u) {
    const RouteUnit& unit = context.units[u];
    if (unit.tables.empty()) return false;
    DataSourceUnits* slot = nullptr;
    for (auto& each : sources) {
      if (*each.data_source == unit.data_source) slot = &each;
    }
    if (!slot) {
      const std::vector<std::string>& available = table.ActualTables(unit.data_source);
      sources.push_back({&unit.data_source, &available, recorded(available), {}, {}, {}});
      slot = &sources.back();
    }
    slot->units.emplace(unit.tables.front().actual, u);
    slot->all.push_back(u);
  }
  for (auto& source : sources) {
    for (const auto& actual : *source.available) {
      auto found = source.units.find(actual);
      source.unit_of_table.push_back(found == source.units.end() ? -1 : static_cast<int>(found->second));
    }
  }
  const rules::ShardingStrategy& database = table.database_strategy;
  const rules::ShardingStrategy& tables = table.table_strategy;
  ShardingTarget database_target{table.logic_table, per_value_database ? database.column_names.front() : "",
                                 table.data_source_info};
  ShardingTarget table_target{table.logic_table, per_value_table ? tables.column_names.front() : "", table.table_info};
  // Per value, when the database level reads the split column: its data source's slot in `sources`, or -1.
  std::vector<int> source_of_value;
  if (per_value_database) {
    const std::vector<int>* chosen_sources = recorded(table.data_sources);
    source_of_value.reserve(split.values.size());
    std::string asked;
    for (std::size_t k = 0; k < split.values.size(); ++k) {
      const std::string* chosen = &asked;
      if (chosen_sources) {
        int index = (*chosen_sources)[k];
        chosen = index < 0 ? nullptr : &table.data_sources[static_cast<std::size_t>(index)];
      } else {
        asked = database.algorithm.standard->DoSharding(table.data_sources, database_target, split.values[k]);
      }
      int slot = -1;
      for (std::size_t s = 0; chosen && s < sources.size(); ++s) {
        if (*sources[s].data_source == *chosen) slot = static_cast<int>(s);
      }
      source_of_value.push_back(slot);
    }
  }
  // A source at a time: each unit belongs to one source, so its items still come in value order.
  const std::size_t count = split.values.size();
  for (std::size_t s = 0; s < sources.size(); ++s) {
    const DataSourceUnits& source = sources[s];
    auto here = [&](std::size_t k) { return !per_value_database || source_of_value[k] == static_cast<int>(s); };
    if (!per_value_table) {
      for (std::size_t k = 0; k < count; ++k) {
        if (!here(k)) continue;
        for (std::size_t u : source.all) items[u].push_back(static_cast<int>(k) + 1);
      }
    } else if (source.chosen) {  // the common case: a lookup per value
      const std::vector<int>& chosen = *source.chosen;
      const std::vector<int>& unit_of_table = source.unit_of_table;
      for (std::size_t k = 0; k < count; ++k) {
        int index = chosen[k];
        if (index < 0 || !here(k)) continue;
        int unit = unit_of_table[static_cast<std::size_t>(index)];
        if (unit >= 0) items[static_cast<std::size_t>(unit)].push_back(static_cast<int>(k) + 1);
      }
    } else {
      for (std::size_t k = 0; k < count; ++k) {
        if (!here(k)) continue;
        const Value& value = split.values[k];
        auto found = source.units.find(tables.algorithm.standard->DoSharding(*source.available, table_target, value));
        if (found != source.units.end()) items[found->second].push_back(static_cast<int>(k) + 1);
      }
    }
  }
  return true;
}

// Any strategy: routes the branch once per value, with the split column narrowed to that value.
void GroupByRouting(const RouteInput& input, const rules::ShardingTable& table, const ShardingCondition& branch,
                    const ColumnCondition& split, const RouteContext& context, std::vector<std::vector<int>>& items) {
  std::vector<RouteDecision> ignored;
  TableRouter router(*input.rules.sharding, input.hints, ignored);
  ShardingCondition single = branch;
  ColumnCondition& narrowed = single.columns[static_cast<std::size_t>(&split - branch.columns.data())];
  narrowed.in_list = ast::kNoExpr;
  narrowed.text.clear();
  for (std::size_t k = 0; k < split.values.size(); ++k) {
    narrowed.values = {split.values[k]};
    for (const auto& node : router.Route(table, &single)) {
      for (std::size_t u = 0; u < context.units.size(); ++u) {
        const RouteUnit& unit = context.units[u];
        bool same = unit.data_source == node.data_source && !unit.tables.empty() &&
                    EqualsIgnoreCase(unit.tables.front().actual, node.table);
        if (same) items[u].push_back(static_cast<int>(k) + 1);
      }
    }
  }
}

}  // namespace

void PlanInListSplit(const RouteInput& input, const rules::ShardingTable& table, const ShardingConditions& conditions,
                     const InListChoices& choices, RouteContext& context) {
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
  std::vector<std::vector<int>> items(context.units.size());
  const rules::ShardingStrategy& database = table.database_strategy;
  const rules::ShardingStrategy& tables = table.table_strategy;
  bool per_value_database = ReadsSplit(database, table, branch, *split);
  bool per_value_table = !input.hints.database_value_only && ReadsSplit(tables, table, branch, *split);
  bool standard = (!per_value_database || database.kind == Kind::Standard) &&
                  (!per_value_table || tables.kind == Kind::Standard);
  if (!standard || !GroupByStandardStrategies(table, *split, choices, per_value_database, per_value_table, context, items)) {
    items.assign(context.units.size(), {});
    GroupByRouting(input, table, branch, *split, context, items);
  }
  for (const auto& each : items) {
    if (each.empty()) return;  // a unit the values cannot explain: keep the statement whole
  }
  context.in_list = split->in_list;
  context.in_list_items = std::move(items);
}

}  // namespace sqlroute::route
