#pragma once
// The 5.2-era read/write-splitting load balancer types (FIXED_REPLICA_*, TRANSACTION_*,
// FIXED_PRIMARY), mapped onto the 5.4+ pair (transactionalReadQueryStrategy, load balancer type):
//   FIXED_REPLICA_X -> FIXED + X,  TRANSACTION_X -> DYNAMIC + X,  FIXED_PRIMARY -> PRIMARY + ROUND_ROBIN.
// The load balancer keeps its name and gets the new type, so an export writes the 5.5 form.
// A group's explicit transactionalReadQueryStrategy wins over the one implied by the old type.
#include "config/rule_config.h"

namespace sqlroute::config {

void NormalizeLegacyLoadBalancers(RuleConfig& config);

}  // namespace sqlroute::config
