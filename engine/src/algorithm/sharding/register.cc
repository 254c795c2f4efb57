#include "algorithm/builtins.h"

namespace sqlroute {

void RegisterShardingAlgorithms(AlgorithmRegistry& registry) { (void)registry; }

}  // namespace sqlroute
