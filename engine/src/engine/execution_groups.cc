#include "engine/execution_groups.h"

#include <algorithm>

namespace sqlroute::engine {

std::vector<ExecutionGroup> GroupForExecution(const std::vector<SqlUnit>& units, int max_connections_per_query) {
  std::vector<ExecutionGroup> result;
  std::vector<std::vector<std::size_t>> by_source;
  for (std::size_t i = 0; i < units.size(); ++i) {
    auto found = std::find_if(result.begin(), result.end(),
                              [&](const ExecutionGroup& group) { return group.data_source == units[i].data_source; });
    if (found == result.end()) {
      result.push_back({units[i].data_source, ConnectionMode::MemoryStrictly, {}});
      by_source.emplace_back();
      found = result.end() - 1;
    }
    by_source[static_cast<std::size_t>(found - result.begin())].push_back(i);
  }
  std::size_t limit = static_cast<std::size_t>(std::max(1, max_connections_per_query));
  for (std::size_t g = 0; g < result.size(); ++g) {
    const auto& indexes = by_source[g];
    std::size_t per_connection = (indexes.size() + limit - 1) / limit;
    result[g].mode = limit < indexes.size() ? ConnectionMode::ConnectionStrictly : ConnectionMode::MemoryStrictly;
    for (std::size_t start = 0; start < indexes.size(); start += per_connection) {
      std::size_t end = std::min(indexes.size(), start + per_connection);
      result[g].connections.emplace_back(indexes.begin() + static_cast<std::ptrdiff_t>(start),
                                         indexes.begin() + static_cast<std::ptrdiff_t>(end));
    }
  }
  return result;
}

}  // namespace sqlroute::engine
