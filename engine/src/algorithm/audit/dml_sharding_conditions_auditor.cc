#include "algorithm/audit/dml_sharding_conditions_auditor.h"

#include <algorithm>
#include <cctype>

#include "sqlroute/error_text.h"

namespace sqlroute::algorithm {
namespace {

bool IsDml(std::string kind) {
  std::transform(kind.begin(), kind.end(), kind.begin(), [](unsigned char c) { return std::toupper(c); });
  return kind == "SELECT" || kind == "INSERT" || kind == "UPDATE" || kind == "DELETE" || kind == "REPLACE";
}

class DmlShardingConditionsAuditor : public ShardingAuditor {
 public:
  void Check(const AuditInput& input) const override {
    if (!IsDml(input.statement_kind) || input.sharding_tables.empty() || input.has_sharding_conditions) return;
    throw Error(Message<msg::DmlWithoutShardingConditions>());
  }
};

}  // namespace

std::shared_ptr<const ShardingAuditor> CreateDmlShardingConditionsAuditor(const Props& props, const std::string& path) {
  return std::make_shared<DmlShardingConditionsAuditor>();
}

}  // namespace sqlroute::algorithm
