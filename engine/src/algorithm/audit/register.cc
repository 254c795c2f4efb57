#include "algorithm/builtins.h"

namespace sqlroute {

void RegisterAuditors(AlgorithmRegistry& registry) { (void)registry; }

}  // namespace sqlroute
