#pragma once
// What a sharding table's route units reach at each strategy level, for the scatter reasons.
#include <cstddef>
#include <optional>

#include "route/route_context.h"
#include "rules/sharding_rule.h"

namespace sqlroute::route {

struct LevelTargets {
  std::size_t count = 0;  // targets reached (tables: the most on one data source)
  bool every = false;     // all the level offers there
};

struct TableReach {
  LevelTargets data_sources;
  LevelTargets tables;
};

// With a database strategy: the data sources reached, and the most actual tables reached on one
// data source (of data sources with as many, the one the units reach first). Without one the
// table strategy picks among every data node: the table level counts the distinct actual table
// names reached (an auto table's data source follows its table), and the data source level the
// most data sources one actual table name was reached on.
// `one_per_node`: the units are the table's reached data nodes, one each and distinct (a standard
// route of it, RouteBranches): when its names tell its nodes apart, the counts need no walk.
TableReach Reach(const rules::ShardingTable& table, const RouteContext& context, bool one_per_node);

// The same by walking the table's data nodes alongside the units, as a standard route lists
// them (data sources, then their tables, in node order): no sorting, no allocation. Nullopt
// when the units are not in that order, or repeat names the walk cannot tell apart.
std::optional<TableReach> ReachInNodeOrder(const rules::ShardingTable& table, const RouteContext& context);

// The same for units in any order: the (data source, actual table) pairs reached, sorted.
TableReach ReachAnyOrder(const rules::ShardingTable& table, const RouteContext& context);

}  // namespace sqlroute::route
