#pragma once
// The logical data sources of a rule set and what each stands for, as ShardingSphere's
// DataSourceMapperRuleAttribute implementations map them: a read/write group stands for its write
// and read data sources, a shadow data source for its production and shadow data sources. A member
// may be another rule's logical data source, in any order of the rules, so a route unit reaches its
// storage unit through a chain (sharding -> read/write group -> shadow data source -> storage unit).
#include <map>
#include <set>
#include <string>
#include <vector>

#include "config/rule_config.h"

namespace sqlroute::rules {

enum class DataSourceKind { Storage, Readwrite, Shadow };

class DataSourceGraph {
 public:
  // Throws CONFIG_DATA_SOURCE_CYCLE (with the key path of the entry that closes it) when logical
  // data sources refer to each other in a cycle. `named` holds the data sources sharding and single
  // tables name: a shadow data source stands for its production data source at the top level
  // unless that one is named itself (rules written before shadow data sources had names of their own).
  static DataSourceGraph Build(const config::RuleConfig& config, const std::set<std::string>& named);

  bool Knows(const std::string& name) const { return nodes_.count(name) > 0; }
  // Storage for a storage unit and for a name the graph does not know.
  DataSourceKind KindOf(const std::string& name) const;
  // The names no other logical data source stands for, in ShardingSphere's aggregated order
  // (read/write groups, shadow data sources, then the remaining storage units): the data sources
  // sharding defaults, broadcast tables and single tables spread over.
  const std::vector<std::string>& top_level() const { return top_level_; }
  // The storage unit whose tables a logical data source shows (SingleTableLoadUtils aggregates a
  // logical data source to its first member: a group's write data source, a shadow data source's
  // production one), followed to the end of the chain.
  std::string MetadataUnit(const std::string& name) const;
  // Whether a route can pass more than one logical data source, or a shadow data source by its
  // name: the route decorators then follow the chain and record it.
  bool chained() const { return chained_; }
  std::size_t size() const { return nodes_.size(); }

 private:
  struct Node {
    DataSourceKind kind = DataSourceKind::Storage;
    std::vector<std::string> members;  // read/write: write, then reads; shadow: production, shadow
    std::string path;                  // key path of the entry, for errors
  };
  void CheckAcyclic() const;

  std::map<std::string, Node> nodes_;
  std::vector<std::string> top_level_;
  bool chained_ = false;
};

}  // namespace sqlroute::rules
