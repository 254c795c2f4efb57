#pragma once
// The plan cache's counters, which Engine::plan_cache_stats and the metrics report.
#include <cstddef>
#include <cstdint>

namespace sqlroute {

// Counters of the engine's plan cache (statement models by shape; see the props
// sql-plan-cache-enabled, sql-plan-cache-max-entries, sql-plan-cache-max-bytes,
// sql-plan-cache-max-literals).
struct PlanCacheStats {
  std::uint64_t hits = 0;
  std::uint64_t misses = 0;
  std::size_t entries = 0;
  std::size_t bytes = 0;  // estimated
};

}  // namespace sqlroute
