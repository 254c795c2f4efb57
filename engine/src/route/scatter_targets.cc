#include "route/scatter_targets.h"

#include <algorithm>
#include <string>
#include <utility>
#include <vector>

#include "common/strings.h"

namespace sqlroute::route {
namespace {

using Kind = config::StrategyConfig::Kind;

// A (data source, actual table) pair a unit reaches; pointers into the route units.
using Target = std::pair<const std::string*, const std::string*>;

std::vector<Target> ReachedTargets(const rules::ShardingTable& table, const RouteContext& context) {
  std::vector<Target> targets;
  for (const RouteUnit& unit : context.units) {
    for (const TableMapping& mapping : unit.tables) {
      if (EqualsIgnoreCase(mapping.logic, table.logic_table)) targets.emplace_back(&unit.data_source, &mapping.actual);
    }
  }
  auto by_value = [](const Target& a, const Target& b) {
    int data_source = a.first->compare(*b.first);
    return data_source != 0 ? data_source < 0 : *a.second < *b.second;
  };
  auto same = [](const Target& a, const Target& b) { return *a.first == *b.first && *a.second == *b.second; };
  std::sort(targets.begin(), targets.end(), by_value);
  targets.erase(std::unique(targets.begin(), targets.end(), same), targets.end());
  return targets;
}

std::size_t DistinctDataSources(const std::vector<Target>& targets) {
  std::size_t count = 0;
  for (std::size_t i = 0; i < targets.size(); ++i) count += i == 0 || *targets[i].first != *targets[i - 1].first;
  return count;
}

TableReach ReachedWithoutDatabaseStrategy(const rules::ShardingTable& table, const std::vector<Target>& targets) {
  auto by_name = [](const std::string* a, const std::string* b) { return *a < *b; };
  std::vector<const std::string*> actuals;
  actuals.reserve(targets.size());
  for (const Target& each : targets) actuals.push_back(each.second);
  std::sort(actuals.begin(), actuals.end(), by_name);
  TableReach reach;
  // Sorted by name, each run of one name counts the data sources it was reached on.
  for (std::size_t i = 0, run = 0; i < actuals.size(); ++i) {
    run = i > 0 && *actuals[i] == *actuals[i - 1] ? run + 1 : 1;
    reach.data_sources.count = std::max(reach.data_sources.count, run);
  }
  reach.data_sources.every = reach.data_sources.count == DistinctDataSources(targets) &&
                             reach.data_sources.count == table.data_sources.size();
  auto same = [](const std::string* a, const std::string* b) { return *a == *b; };
  actuals.erase(std::unique(actuals.begin(), actuals.end(), same), actuals.end());
  reach.tables.count = actuals.size();
  // Every data node's table name reached (the units reach only data nodes).
  reach.tables.every = std::all_of(table.nodes.begin(), table.nodes.end(), [&](const rules::DataNode& node) {
    return std::binary_search(actuals.begin(), actuals.end(), &node.table, by_name);
  });
  return reach;
}

std::size_t FirstUnit(const RouteContext& context, const std::string& data_source) {
  std::size_t at = 0;
  while (at < context.units.size() && context.units[at].data_source != data_source) ++at;
  return at;
}

// A logic table name as the units spell it: the rule's own spelling, or the same in another case.
bool SameName(const std::string& unit_name, const std::string& logic_table) {
  return unit_name.size() == logic_table.size() && (unit_name == logic_table || EqualsIgnoreCase(unit_name, logic_table));
}

// Index of `name` in `list` from `from` on, or list.size().
std::size_t FindFrom(const std::vector<std::string>& list, std::size_t from, const std::string& name) {
  while (from < list.size() && list[from] != name) ++from;
  return from;
}

}  // namespace

TableReach ReachAnyOrder(const rules::ShardingTable& table, const RouteContext& context) {
  std::vector<Target> targets = ReachedTargets(table, context);
  if (table.database_strategy.kind == Kind::None) return ReachedWithoutDatabaseStrategy(table, targets);
  TableReach reach;
  reach.data_sources.count = DistinctDataSources(targets);
  reach.data_sources.every = reach.data_sources.count == table.data_sources.size();
  // Sorted by data source, each run of one data source counts its distinct tables; of data
  // sources with as many, the one the units reach first decides `every`.
  std::size_t first_unit = 0;
  for (std::size_t begin = 0, end = 0; begin < targets.size(); begin = end) {
    while (end < targets.size() && *targets[end].first == *targets[begin].first) ++end;
    std::size_t run = end - begin;
    if (run < reach.tables.count) continue;
    std::size_t unit = FirstUnit(context, *targets[begin].first);
    if (run == reach.tables.count && unit > first_unit) continue;
    reach.tables.count = run;
    first_unit = unit;
    int list = table.DataSourceIndex(*targets[begin].first);
    reach.tables.every = list >= 0 && run == table.actual_tables[static_cast<std::size_t>(list)].size();
  }
  return reach;
}

std::optional<TableReach> ReachInNodeOrder(const rules::ShardingTable& table, const RouteContext& context) {
  bool by_table_only = table.database_strategy.kind == Kind::None;
  // Without a database strategy the table level counts names: one name on two data sources
  // would count twice here.
  if (!table.distinct_nodes || (by_table_only && !table.distinct_table_names)) return std::nullopt;
  const std::size_t none = table.data_sources.size();
  std::size_t source = none;  // the data source of the last target, an index into table.data_sources
  std::size_t actual = 0;     // its actual table, an index into table.actual_tables[source]
  std::size_t sources = 0, nodes = 0, on_source = 0;
  TableReach reach;
  auto close_source = [&] {  // strictly more: of data sources with as many, the first reached
    if (source == none || on_source <= reach.tables.count) return;
    reach.tables.count = on_source;
    reach.tables.every = on_source == table.actual_tables[source].size();
  };
  for (const RouteUnit& unit : context.units) {
    bool found = false;
    for (const TableMapping& mapping : unit.tables) {
      if (!SameName(mapping.logic, table.logic_table)) continue;
      found = true;
      if (source == none || unit.data_source != table.data_sources[source]) {
        std::size_t next = FindFrom(table.data_sources, source == none ? 0 : source + 1, unit.data_source);
        if (next == none) return std::nullopt;  // an earlier data source again, or none of the table's
        close_source();
        source = next;
        ++sources;
        on_source = 0;
      }
      // Mostly the data source's next table; a cartesian unit may name the last one again.
      const std::vector<std::string>& actuals = table.actual_tables[source];
      std::size_t next = on_source == 0 ? 0 : actual + 1;
      if (next >= actuals.size() || actuals[next] != mapping.actual) {
        if (on_source > 0 && actuals[actual] == mapping.actual) continue;
        next = FindFrom(actuals, next + 1, mapping.actual);
        if (next >= actuals.size()) return std::nullopt;
      }
      actual = next;
      ++on_source;
      ++nodes;
    }
    // A unit without the table: which data source it reaches first no longer follows the walk.
    if (!found) return std::nullopt;
  }
  close_source();
  if (by_table_only) {  // every name on one data node: each name reached once
    reach.tables = {nodes, nodes == table.nodes.size()};
    reach.data_sources = {nodes > 0 ? std::size_t{1} : 0, nodes > 0 && sources == 1 && table.data_sources.size() == 1};
    return reach;
  }
  reach.data_sources = {sources, sources == table.data_sources.size()};
  return reach;
}

TableReach Reach(const rules::ShardingTable& table, const RouteContext& context, bool one_per_node) {
  if (one_per_node && table.database_strategy.kind == Kind::None && table.distinct_table_names) {
    std::size_t nodes = context.units.size();  // each names one data source: a name is reached on one
    return {{nodes > 0 ? std::size_t{1} : 0, nodes > 0 && table.data_sources.size() == 1},
            {nodes, nodes == table.nodes.size()}};
  }
  std::optional<TableReach> walked = ReachInNodeOrder(table, context);
  return walked ? *walked : ReachAnyOrder(table, context);
}

}  // namespace sqlroute::route
