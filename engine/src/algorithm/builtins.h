#pragma once
// Registration of the built-in algorithms, one function per family, called once from
// AlgorithmRegistry's constructor in this visible order.
#include "sqlroute/algorithm.h"

namespace sqlroute {

void RegisterShardingAlgorithms(AlgorithmRegistry& registry);   // algorithm/sharding/
void RegisterKeyGenerators(AlgorithmRegistry& registry);        // algorithm/keygen/
void RegisterLoadBalancers(AlgorithmRegistry& registry);        // algorithm/loadbalance/
void RegisterShadowAlgorithms(AlgorithmRegistry& registry);     // algorithm/shadow/
void RegisterAuditors(AlgorithmRegistry& registry);             // algorithm/audit/
void RegisterEncryptors(AlgorithmRegistry& registry);           // encrypt/

inline void RegisterBuiltins(AlgorithmRegistry& registry) {
  RegisterShardingAlgorithms(registry);
  RegisterKeyGenerators(registry);
  RegisterLoadBalancers(registry);
  RegisterShadowAlgorithms(registry);
  RegisterAuditors(registry);
  RegisterEncryptors(registry);
}

}  // namespace sqlroute
