#pragma once
// One reader per tagged rule of a ShardingSphere YAML file. Each accepts every 5.x form of
// its rule and throws sqlroute::Error naming the key path.
#include <yaml-cpp/yaml.h>

#include <string>

#include "config/rule_config.h"

namespace sqlroute::config::yaml {

ShardingRuleConfig ReadShardingRule(const YAML::Node& node, const std::string& path);
BroadcastRuleConfig ReadBroadcastRule(const YAML::Node& node, const std::string& path);
ReadwriteSplittingRuleConfig ReadReadwriteSplittingRule(const YAML::Node& node, const std::string& path);
EncryptRuleConfig ReadEncryptRule(const YAML::Node& node, const std::string& path);
ShadowRuleConfig ReadShadowRule(const YAML::Node& node, const std::string& path);
SingleRuleConfig ReadSingleRule(const YAML::Node& node, const std::string& path);

}  // namespace sqlroute::config::yaml
