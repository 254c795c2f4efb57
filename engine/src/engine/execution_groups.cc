#include "engine/execution_groups.h"

#include <algorithm>

#include "common/data_source_index.h"
#include "common/strings.h"

namespace sqlroute::engine {

void GroupForExecution(const std::vector<SqlUnit>& units, int max_connections_per_query,
                       std::vector<ExecutionGroup>& groups) {
  // Per data source in order of first appearance, its units' indexes cut into at most `limit`
  // consecutive runs of equal length (the last one shorter), one per connection.
  struct Row {
    std::size_t group_of_unit;  // row i: the group of unit i
    std::size_t first;          // row g: group g's first unit, and its counters
    std::size_t units;
    std::size_t per_connection;
    std::size_t placed;
  };
  constexpr std::size_t kFew = 16;
  Row few[kFew];  // only the rows of the units are cleared: route/sharding/point_select/reused
  std::vector<Row> many(units.size() > kFew ? units.size() : 0);  // no more groups than units
  Row* rows = many.empty() ? few : many.data();
  std::fill_n(rows, units.size(), Row{});
  std::size_t count = 0;  // groups so far
  DataSourceIndex index(units.size());
  for (std::size_t i = 0; i < units.size(); ++i) {
    std::size_t g = index.Find(units[i].data_source);
    if (g == count) rows[count++].first = i;
    rows[i].group_of_unit = g;
    ++rows[g].units;
  }
  groups.resize(count);  // one allocation for a new plan's groups: route/sharding/simple_range/cached
  for (std::size_t g = 0; g < count; ++g) Overwrite(groups[g].data_source, units[rows[g].first].data_source);
  std::size_t limit = static_cast<std::size_t>(std::max(1, max_connections_per_query));
  for (std::size_t g = 0; g < count; ++g) {
    Row& counters = rows[g];
    counters.per_connection = (counters.units + limit - 1) / limit;
    groups[g].mode = limit < counters.units ? ConnectionMode::ConnectionStrictly : ConnectionMode::MemoryStrictly;
    groups[g].connections.resize((counters.units + counters.per_connection - 1) / counters.per_connection);
    for (auto& connection : groups[g].connections) {
      connection.clear();
      connection.reserve(counters.per_connection);
    }
  }
  for (std::size_t i = 0; i < units.size(); ++i) {
    Row& counters = rows[rows[i].group_of_unit];
    groups[rows[i].group_of_unit].connections[counters.placed++ / counters.per_connection].push_back(i);
  }
}

}  // namespace sqlroute::engine
