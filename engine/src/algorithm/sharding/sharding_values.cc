#include "algorithm/sharding/sharding_values.h"

#include <algorithm>

#include "algorithm/sharding/algorithm_props.h"
#include "sqlroute/error_text.h"

namespace sqlroute::algorithm {

void RequireNotNull(const Value& value) {
  if (value.is_null()) throw Error(Message<msg::ShardingValueNull>());
}

int64_t ValueAsJavaLong(const Value& value, const std::string& algorithm) {
  RequireNotNull(value);
  auto parsed = ParseJavaLong(value.ToJavaString());
  if (!parsed)
    throw Error(Message<msg::ShardingValueNotLong>(arg::value = value.ToDisplay(), arg::algorithm = algorithm));
  return *parsed;
}

std::string FindMatchedTargetName(const std::vector<std::string>& available_targets, const std::string& suffix,
                                  const DataNodeInfo& node_info) {
  std::string name = node_info.prefix;
  if (suffix.size() < node_info.suffix_min_length) name.append(node_info.suffix_min_length - suffix.size(), node_info.padding);
  name += suffix;
  bool found = std::find(available_targets.begin(), available_targets.end(), name) != available_targets.end();
  return found ? name : std::string();
}

std::vector<std::string> InAvailableOrder(const std::vector<std::string>& available_targets,
                                          const std::set<std::string>& chosen) {
  std::vector<std::string> result;
  for (const auto& each : available_targets) {
    if (chosen.count(each)) result.push_back(each);
  }
  return result;
}

std::vector<std::string> MatchedTargetsForPartitions(const std::vector<std::string>& available_targets,
                                                     int64_t first, int64_t last, const DataNodeInfo& node_info) {
  std::set<std::string> matched;
  for (int64_t partition = first; partition <= last; ++partition) {
    std::string name = FindMatchedTargetName(available_targets, std::to_string(partition), node_info);
    if (!name.empty()) matched.insert(name);
  }
  return InAvailableOrder(available_targets, matched);
}

}  // namespace sqlroute::algorithm
