#include "rules/data_source_graph.h"

#include <algorithm>
#include <set>

#include "sqlroute/error_text.h"

namespace sqlroute::rules {

DataSourceGraph DataSourceGraph::Build(const config::RuleConfig& config, const std::set<std::string>& named) {
  DataSourceGraph result;
  std::vector<std::string> logical;
  if (config.readwrite_splitting) {
    for (const auto& group : config.readwrite_splitting->groups) {
      Node node{DataSourceKind::Readwrite, {group.value.write_data_source}, group.path};
      const auto& reads = group.value.read_data_sources;
      node.members.insert(node.members.end(), reads.begin(), reads.end());
      if (result.nodes_.emplace(group.name, std::move(node)).second) logical.push_back(group.name);
    }
  }
  if (config.shadow) {
    for (const auto& each : config.shadow->data_sources) {
      Node node{DataSourceKind::Shadow, {each.value.production_data_source, each.value.shadow_data_source}, each.path};
      if (result.nodes_.emplace(each.name, std::move(node)).second) logical.push_back(each.name);
      result.chained_ = true;
    }
  }
  std::set<std::string> members;
  std::set<std::string> beside;  // shadow data sources whose production data source stays at the top
  for (const auto& name : logical) {
    const Node& node = result.nodes_.at(name);
    for (const auto& member : node.members) {
      if (node.kind == DataSourceKind::Shadow && member == node.members.front() && named.count(member)) {
        beside.insert(name);
        continue;
      }
      members.insert(member);
      if (result.nodes_.count(member)) result.chained_ = true;
    }
  }
  for (const auto& each : config.data_sources) {
    result.nodes_.emplace(each.name, Node{DataSourceKind::Storage, {}, each.path});
  }
  for (const auto& name : logical) {
    if (!members.count(name) && !beside.count(name)) result.top_level_.push_back(name);
  }
  for (const auto& each : config.data_sources) {
    if (!members.count(each.name)) result.top_level_.push_back(each.name);
  }
  result.CheckAcyclic();
  return result;
}

DataSourceKind DataSourceGraph::KindOf(const std::string& name) const {
  auto found = nodes_.find(name);
  return found == nodes_.end() ? DataSourceKind::Storage : found->second.kind;
}

std::string DataSourceGraph::MetadataUnit(const std::string& name) const {
  std::string current = name;
  for (std::size_t hops = 0; hops <= nodes_.size(); ++hops) {  // acyclic: the bound is never reached
    auto found = nodes_.find(current);
    if (found == nodes_.end() || found->second.members.empty()) return current;
    current = found->second.members.front();
  }
  return current;
}

// Depth-first over the logical data sources; a member met again while its own members are being
// visited closes a cycle.
void DataSourceGraph::CheckAcyclic() const {
  enum class State { Visiting, Done };
  std::map<std::string, State> states;
  std::vector<std::string> trail;
  auto visit = [&](const auto& self, const std::string& name) -> void {
    auto found = nodes_.find(name);
    if (found == nodes_.end() || found->second.members.empty()) return;
    auto state = states.find(name);
    if (state != states.end() && state->second == State::Done) return;
    if (state != states.end()) {
      std::string chain;
      for (auto it = std::find(trail.begin(), trail.end(), name); it != trail.end(); ++it) chain += *it + " -> ";
      throw Error(Message<msg::DataSourceCycle>(arg::chain = chain + name), found->second.path);
    }
    states[name] = State::Visiting;
    trail.push_back(name);
    for (const auto& member : found->second.members) self(self, member);
    trail.pop_back();
    states[name] = State::Done;
  };
  for (const auto& [name, node] : nodes_) visit(visit, name);
}

}  // namespace sqlroute::rules
