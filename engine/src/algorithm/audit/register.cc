#include "algorithm/audit/dml_sharding_conditions_auditor.h"
#include "algorithm/builtins.h"

namespace sqlroute {

void RegisterAuditors(AlgorithmRegistry& registry) {
  registry.RegisterAuditor("DML_SHARDING_CONDITIONS", algorithm::CreateDmlShardingConditionsAuditor);
}

}  // namespace sqlroute
