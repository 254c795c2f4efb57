#include "algorithm/builtins.h"

namespace sqlroute {

void RegisterKeyGenerators(AlgorithmRegistry& registry) { (void)registry; }

}  // namespace sqlroute
