#pragma once
// DML_SHARDING_CONDITIONS (ShardingSphere's DMLShardingConditionsShardingAuditAlgorithm): a DML
// statement touching a sharding table must carry sharding conditions
// (AuditInput::has_sharding_conditions, as condition extraction found them).
#include <memory>

#include "sqlroute/algorithm.h"

namespace sqlroute::algorithm {

std::shared_ptr<const ShardingAuditor> CreateDmlShardingConditionsAuditor(const Props& props, const std::string& path);

}  // namespace sqlroute::algorithm
