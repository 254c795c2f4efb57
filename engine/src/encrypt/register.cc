#include "algorithm/builtins.h"

namespace sqlroute {

void RegisterEncryptors(AlgorithmRegistry& registry) { (void)registry; }

}  // namespace sqlroute
