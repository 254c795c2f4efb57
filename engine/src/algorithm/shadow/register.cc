#include "algorithm/builtins.h"

namespace sqlroute {

void RegisterShadowAlgorithms(AlgorithmRegistry& registry) { (void)registry; }

}  // namespace sqlroute
