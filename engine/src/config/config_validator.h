#pragma once
// Checks of a RuleConfig that need no compiled algorithm or expanded expression: duplicate
// names, missing required values, references to undefined algorithms, key generators,
// auditors, load balancers and data sources. Throws sqlroute::Error naming the key path
// (e.g. "rules[0].tables.t_order.tableStrategy"); messages never contain property values.
// When collecting problems (config/diagnostics.h) every check runs and reports its own.
//
// Data-source references are checked only when the config lists data sources (a rules-only
// file may get its data sources elsewhere). A read/write group name counts as a data source
// for the rules that sit on top of it.
#include "config/rule_config.h"

namespace sqlroute::config {

void Validate(const RuleConfig& config);

}  // namespace sqlroute::config
