#pragma once
// A compiled, validated, immutable rule set. Built once from YAML (or DistSQL) and shared
// between threads; reloading builds a new RuleSet.
#include <cstdint>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

namespace sqlroute {

namespace detail {
struct CompiledRules;  // engine-internal
}

class RuleSet {
 public:
  // Throws sqlroute::Error (CONFIG_*), naming the YAML key path.
  static std::shared_ptr<const RuleSet> FromYamlFile(const std::string& path);
  static std::shared_ptr<const RuleSet> FromYamlString(std::string_view yaml);

  const std::string& database_name() const;
  std::vector<std::string> data_source_names() const;
  std::uint64_t version() const { return version_; }

  const detail::CompiledRules& compiled() const { return *compiled_; }
  explicit RuleSet(std::shared_ptr<const detail::CompiledRules> compiled);

 private:
  std::shared_ptr<const detail::CompiledRules> compiled_;
  std::uint64_t version_;
};

}  // namespace sqlroute
