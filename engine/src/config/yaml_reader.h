#pragma once
// Small helpers for reading YAML nodes into config structs while tracking the key path
// ("rules[0].tables.t_order") that every error names. Values are never put in messages,
// so a secret cannot leak through an error.
#include <yaml-cpp/yaml.h>

#include <functional>
#include <optional>
#include <set>
#include <string>
#include <vector>

#include "config/rule_config.h"

namespace sqlroute::config::yaml {

std::string JoinPath(const std::string& parent, const std::string& key);

// Reads the keys of one YAML map. Keys that were never read are reported by
// RejectUnknownKeys(), so a typo cannot be silently ignored.
class MapReader {
 public:
  // A null node reads as an empty map; anything else but a map is CONFIG_INVALID_VALUE.
  MapReader(const YAML::Node& node, std::string path);

  const std::string& path() const { return path_; }
  std::string PathOf(const std::string& key) const { return JoinPath(path_, key); }
  bool Has(const std::string& key) const;
  // The child node (undefined when absent); marks the key as read.
  YAML::Node Child(const std::string& key);
  std::optional<std::string> Scalar(const std::string& key);
  // Absent or empty: CONFIG_MISSING_KEY (when collecting problems: reported, "" returned).
  std::string RequiredScalar(const std::string& key);
  // Neither true nor false: CONFIG_INVALID_VALUE (when collecting: reported, nullopt returned).
  std::optional<bool> Bool(const std::string& key);
  // Scalar list: a sequence, or one comma-separated scalar. Absent = empty.
  std::vector<std::string> List(const std::string& key);
  void Ignore(const std::string& key) { read_.insert(key); }
  void RejectUnknownKeys() const;
  // Keys in document order.
  std::vector<std::string> Keys() const;

 private:
  YAML::Node node_;
  std::string path_;
  std::set<std::string> read_;
};

// Text of a scalar node as written (numbers and booleans keep their spelling).
std::string ScalarText(const YAML::Node& node, const std::string& path);
std::vector<std::string> ScalarList(const YAML::Node& node, const std::string& path);
std::vector<std::string> SplitCommaList(const std::string& text);

// Calls `each(name, node, path)` for every entry of a map (null = no entries). When collecting
// problems (config/diagnostics.h), an entry that fails is reported and skipped.
void ForEachEntry(const YAML::Node& node, const std::string& path,
                  const std::function<void(const std::string&, const YAML::Node&, const std::string&)>& each);

// `props:` map of scalars, nested maps flattened as "outer.inner".
Props ReadProps(const YAML::Node& node, const std::string& path);
// `<name>: {type, props}` maps (shardingAlgorithms, keyGenerators, encryptors, ...).
NamedList<AlgorithmConfig> ReadAlgorithms(const YAML::Node& node, const std::string& path);

}  // namespace sqlroute::config::yaml
