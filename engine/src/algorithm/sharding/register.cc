#include "algorithm/builtins.h"
#include "algorithm/sharding/auto_interval_sharding_algorithm.h"
#include "algorithm/sharding/boundary_range_sharding_algorithm.h"
#include "algorithm/sharding/complex_inline_sharding_algorithm.h"
#include "algorithm/sharding/hash_mod_sharding_algorithm.h"
#include "algorithm/sharding/hint_inline_sharding_algorithm.h"
#include "algorithm/sharding/inline_sharding_algorithm.h"
#include "algorithm/sharding/interval_sharding_algorithm.h"
#include "algorithm/sharding/mod_sharding_algorithm.h"
#include "algorithm/sharding/volume_range_sharding_algorithm.h"

namespace sqlroute {

void RegisterShardingAlgorithms(AlgorithmRegistry& registry) {
  registry.RegisterSharding("MOD", algorithm::CreateModShardingAlgorithm);
  registry.RegisterSharding("HASH_MOD", algorithm::CreateHashModShardingAlgorithm);
  registry.RegisterSharding("VOLUME_RANGE", algorithm::CreateVolumeRangeShardingAlgorithm);
  registry.RegisterSharding("BOUNDARY_RANGE", algorithm::CreateBoundaryRangeShardingAlgorithm);
  registry.RegisterSharding("AUTO_INTERVAL", algorithm::CreateAutoIntervalShardingAlgorithm);
  registry.RegisterSharding("INTERVAL", algorithm::CreateIntervalShardingAlgorithm);
  registry.RegisterSharding("INLINE", algorithm::CreateInlineShardingAlgorithm);
  registry.RegisterSharding("COMPLEX_INLINE", algorithm::CreateComplexInlineShardingAlgorithm);
  registry.RegisterSharding("HINT_INLINE", algorithm::CreateHintInlineShardingAlgorithm);
}

}  // namespace sqlroute
