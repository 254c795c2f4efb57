#pragma once
// The compiled encrypt rule (ShardingSphere's EncryptRule): per table, each logical column with
// its cipher, assisted query and like query columns and the encryptor instances that fill them.
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "config/rule_config.h"
#include "sqlroute/algorithm.h"

namespace sqlroute::rules {

// One physical column derived from a logical one, and the encryptor that fills it.
struct EncryptItem {
  std::string column;
  std::string encryptor_name;
  std::shared_ptr<const Encryptor> encryptor;
};

struct EncryptColumn {
  std::string logic;  // as configured
  EncryptItem cipher;
  std::optional<EncryptItem> assisted_query;
  std::optional<EncryptItem> like_query;

  // The column that equality-style predicates (=, <>, IN, IS NULL) compare.
  const EncryptItem& query() const { return assisted_query ? *assisted_query : cipher; }
  // Cipher, assisted and like items, in the order INSERT and SET write them.
  std::vector<const EncryptItem*> items() const;
};

struct EncryptTable {
  std::string table;  // as configured
  std::vector<EncryptColumn> columns;
  const EncryptColumn* Find(const std::string& logic_column) const;  // case-insensitive
};

struct NamedEncryptor {
  std::string name;
  config::AlgorithmConfig config;
  std::shared_ptr<const Encryptor> encryptor;
};

struct EncryptRule {
  std::vector<EncryptTable> tables;
  std::vector<NamedEncryptor> encryptors;

  const EncryptTable* Find(const std::string& table) const;  // case-insensitive
  const NamedEncryptor* FindEncryptor(const std::string& name) const;
};

// Builds every encryptor through the algorithm registry; throws Error(CONFIG_*) on bad props.
EncryptRule CompileEncrypt(const config::EncryptRuleConfig& config);

}  // namespace sqlroute::rules
