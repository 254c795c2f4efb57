#pragma once
// A compiled, validated, immutable rule set. Built once from YAML (or DistSQL) and shared
// between threads; reloading builds a new RuleSet.
#include <cstdint>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "sqlroute/error.h"
#include "sqlroute/plan.h"
#include "sqlroute/value.h"

namespace sqlroute {

namespace rules {
struct CompiledRules;  // engine-internal
struct RuleSetAccess;  // engine-internal: how the engine's stages reach the compiled rules
}  // namespace rules

// One problem found by RuleSet::Check*: the error (CONFIG_*, with its YAML key path or DistSQL
// position) and the 1-based line:column of the text it points at (0:0 when unknown).
struct ConfigProblem {
  Error error;
  int line = 0;
  int column = 0;
};

class RuleSet {
 public:
  // Throws sqlroute::Error (CONFIG_*), naming the YAML key path or the DistSQL position.
  static std::shared_ptr<const RuleSet> FromYamlFile(const std::string& path);
  static std::shared_ptr<const RuleSet> FromYamlString(std::string_view yaml);
  static std::shared_ptr<const RuleSet> FromDistSql(std::string_view script);

  // Every independent problem of a YAML rule file or text, or of a DistSQL script, in text
  // order; empty when it loads. Problems that only follow from another are left out. Reading
  // goes on past a problem where the rest can still be checked: an unknown key, a missing value
  // or a dangling reference is one problem, a broken entry (table, algorithm, rule, DistSQL
  // statement) is skipped; a YAML or DistSQL token error ends the check.
  static std::vector<ConfigProblem> CheckYamlFile(const std::string& path);
  static std::vector<ConfigProblem> CheckYamlString(std::string_view yaml);
  static std::vector<ConfigProblem> CheckDistSql(std::string_view script);

  // A new rule set: this one with a DistSQL script applied, or with table metadata (ordered
  // column lists as YAML or JSON: `{t_user: [id, k, c, pad]}`) added. This one is unchanged.
  std::shared_ptr<const RuleSet> WithDistSql(std::string_view script) const;
  std::shared_ptr<const RuleSet> WithMetadata(std::string_view yaml_or_json) const;
  // The same from CREATE TABLE statements separated by `;`.
  std::shared_ptr<const RuleSet> WithTableDefinitions(std::string_view create_table_statements) const;

  // Metadata read from the databases, as ShardingSphere loads it when it starts. The storage
  // units to read, in order; then a new rule set whose metadata is what they hold, given as YAML
  // or JSON `{storage_unit: {table: <metadata entry>}}` (entries as WithMetadata reads them), folded
  // as ShardingSphere folds it: actual tables into their logic table, the other tables placed on
  // their data source, cipher columns named by their logical column and assisted and like columns
  // left out. It replaces this one's metadata; a missing storage unit is METADATA_LOAD_FAILED.
  std::vector<std::string> MetadataStorageUnits() const;
  std::shared_ptr<const RuleSet> WithDiscoveredMetadata(std::string_view storage_units_yaml_or_json) const;
  // The `metadata:` section alone, a document WithMetadata (and a rule file) loads.
  std::string ExportMetadataYaml() const;

  // A new rule set: this one with the replicas `names` of read/write group `group` disabled, in
  // place of those disabled before (empty: all enabled). Reads avoid disabled replicas, and go to
  // the primary when all are disabled. Kept through WithDistSql / WithMetadata while the group and
  // replica exist. Throws Error(CONFIG_UNKNOWN_RULE / CONFIG_UNKNOWN_DATA_SOURCE) for unknown names.
  std::shared_ptr<const RuleSet> WithDisabledReadDataSources(const std::string& group,
                                                             const std::vector<std::string>& names) const;

  // Canonical ShardingSphere 5.5 YAML; secrets are masked unless asked for.
  std::string ExportYaml(bool include_secrets = false) const;

  // Decryption of result values (a plan's MergeInstructions::decrypt, as ShardingSphere's
  // EncryptMergedResult decrypts): `encryptor` names an encryptor of the encrypt rule; NULL stays
  // NULL. Throws Error(DECRYPT_FAILED) for bad ciphertext or an encryptor that cannot decrypt,
  // Error(CONFIG_UNKNOWN_ALGORITHM) for an unknown name. Keys stay inside the rule set.
  Value Decrypt(const std::string& encryptor, const Value& cipher) const;
  // Decrypts, in place, the columns of one result row that `columns` name; `labels` are the
  // row's column labels, used for a column without a fixed position.
  void DecryptRow(const std::vector<DecryptColumn>& columns, const std::vector<std::string>& labels,
                  std::vector<Value>& row) const;

  const std::string& database_name() const;
  std::vector<std::string> data_source_names() const;
  std::uint64_t version() const { return version_; }

 private:
  friend struct rules::RuleSetAccess;
  explicit RuleSet(std::shared_ptr<const rules::CompiledRules> compiled);

  std::shared_ptr<const rules::CompiledRules> compiled_;
  std::uint64_t version_;
};

}  // namespace sqlroute
