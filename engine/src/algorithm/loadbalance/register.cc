#include "algorithm/builtins.h"

namespace sqlroute {

void RegisterLoadBalancers(AlgorithmRegistry& registry) { (void)registry; }

}  // namespace sqlroute
