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
  // Throws sqlroute::Error (CONFIG_*), naming the YAML key path or the DistSQL position.
  static std::shared_ptr<const RuleSet> FromYamlFile(const std::string& path);
  static std::shared_ptr<const RuleSet> FromYamlString(std::string_view yaml);
  static std::shared_ptr<const RuleSet> FromDistSql(std::string_view script);

  // A new rule set: this one with a DistSQL script applied, or with table metadata (ordered
  // column lists as YAML or JSON: `{t_user: [id, k, c, pad]}`) added. This one is unchanged.
  std::shared_ptr<const RuleSet> WithDistSql(std::string_view script) const;
  std::shared_ptr<const RuleSet> WithMetadata(std::string_view yaml_or_json) const;

  // Canonical ShardingSphere 5.5 YAML; secrets are masked unless asked for.
  std::string ExportYaml(bool include_secrets = false) const;

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
