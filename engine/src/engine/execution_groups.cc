#include "engine/execution_groups.h"

#include <algorithm>

namespace sqlroute::engine {

std::vector<ExecutionGroup> GroupForExecution(const std::vector<SqlUnit>& units, int max_connections_per_query) {
  std::vector<ExecutionGroup> result;
  if (units.size() == 1) {  // what the loops below give one unit, without their bookkeeping
    result.reserve(1);
    ExecutionGroup& group = result.emplace_back();
    group.data_source = units.front().data_source;
    group.mode = ConnectionMode::MemoryStrictly;
    group.connections.push_back({0});
    return result;
  }
  // Per data source in order of first appearance, its units' indexes cut into at most `limit`
  // consecutive runs of equal length (the last one shorter), one per connection.
  struct Row {
    std::size_t group_of_unit = 0;  // row i: the group of unit i
    std::size_t units = 0;          // row g: group g's counters
    std::size_t per_connection = 0;
    std::size_t placed = 0;
  };
  std::vector<Row> rows(units.size());  // one allocation for both (there are no more groups than units)
  result.reserve(units.size());
  for (std::size_t i = 0; i < units.size(); ++i) {
    std::size_t g = 0;
    while (g < result.size() && result[g].data_source != units[i].data_source) ++g;
    if (g == result.size()) result.push_back({units[i].data_source, ConnectionMode::MemoryStrictly, {}});
    rows[i].group_of_unit = g;
    ++rows[g].units;
  }
  std::size_t limit = static_cast<std::size_t>(std::max(1, max_connections_per_query));
  for (std::size_t g = 0; g < result.size(); ++g) {
    Row& count = rows[g];
    count.per_connection = (count.units + limit - 1) / limit;
    result[g].mode = limit < count.units ? ConnectionMode::ConnectionStrictly : ConnectionMode::MemoryStrictly;
    result[g].connections.reserve((count.units + count.per_connection - 1) / count.per_connection);
  }
  for (std::size_t i = 0; i < units.size(); ++i) {
    Row& count = rows[rows[i].group_of_unit];
    auto& connections = result[rows[i].group_of_unit].connections;
    if (count.placed++ % count.per_connection == 0) {
      connections.emplace_back();
      connections.back().reserve(std::min(count.per_connection, count.units - (count.placed - 1)));
    }
    connections.back().push_back(i);
  }
  return result;
}

}  // namespace sqlroute::engine
