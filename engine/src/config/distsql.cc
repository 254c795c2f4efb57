#include "config/distsql.h"

#include "config/config_validator.h"
#include "config/distsql_parser.h"
#include "config/legacy_load_balancers.h"

namespace sqlroute::config {

RuleConfig ApplyDistSql(const RuleConfig& config, std::string_view script) {
  RuleConfig result = config;
  distsql::Parser(script, result).Run();
  NormalizeLegacyLoadBalancers(result);
  Validate(result);
  return result;
}

RuleConfig LoadDistSql(std::string_view script) { return ApplyDistSql(RuleConfig{}, script); }

}  // namespace sqlroute::config
