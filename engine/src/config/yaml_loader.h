#pragma once
// ShardingSphere YAML (every 5.x form) -> RuleConfig. Errors are sqlroute::Error with the
// YAML key path (e.g. "rules[0].tables.t_order.tableStrategy").
#include <string>
#include <string_view>

#include "config/rule_config.h"

namespace sqlroute::config {

RuleConfig LoadYamlFile(const std::string& path);
RuleConfig LoadYamlString(std::string_view text);

// Canonical 5.5-form YAML. Secrets are written only when `include_secrets` is true.
std::string ExportYaml(const RuleConfig& config, bool include_secrets);
// The `metadata:` section alone, as a document with that one key (LoadMetadataYaml reads it).
std::string ExportMetadataYaml(const NamedList<TableMetadataConfig>& metadata);

}  // namespace sqlroute::config
