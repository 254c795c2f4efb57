#include "rules/encrypt_rule.h"

#include "common/strings.h"
#include "sqlroute/error_text.h"

namespace sqlroute::rules {
namespace {

// `path`: the item's key path (the validator has checked the encryptor exists, unless it only
// collected problems: then a missing one is an error here too).
// What each item's encryptor must support, as ShardingSphere's EncryptRule.checkEncryptorType
// checks it: the cipher decrypts, the assisted query filters by equality, the like query matches LIKE.
enum class ItemKind { Cipher, AssistedQuery, LikeQuery };

void CheckEncryptorType(ItemKind kind, const Encryptor& encryptor, const std::string& name, const std::string& path) {
  const char* column = "Cipher";
  const char* feature = "decrypt";
  bool supported = encryptor.SupportsDecrypt();
  if (kind == ItemKind::AssistedQuery) {
    column = "Assisted query";
    feature = "equivalent filter";
    supported = encryptor.SupportsEquivalentFilter();
  } else if (kind == ItemKind::LikeQuery) {
    column = "Like query";
    feature = "like";
    supported = encryptor.SupportsLike();
  }
  if (!supported) {
    throw Error(Message<msg::EncryptorMismatch>(arg::kind = column, arg::name = name, arg::feature = feature), path);
  }
}

EncryptItem MakeItem(const EncryptRule& rule, const config::EncryptColumnItemConfig& item, ItemKind kind,
                     const std::string& fallback_encryptor, const std::string& path) {
  // Before 5.3 the assisted and like items had no encryptor of their own: the cipher's serves.
  std::string name = item.encryptor_name.empty() ? fallback_encryptor : item.encryptor_name;
  const NamedEncryptor* encryptor = rule.FindEncryptor(name);
  if (!encryptor) throw Error(Message<msg::AlgorithmNotDefined>(arg::what = "encryptor", arg::name = name), path);
  if (!item.encryptor_name.empty()) CheckEncryptorType(kind, *encryptor->encryptor, name, path + ".encryptorName");
  return EncryptItem{item.name, name, encryptor->encryptor};
}

}  // namespace

std::vector<const EncryptItem*> EncryptColumn::items() const {
  std::vector<const EncryptItem*> result{&cipher};
  if (assisted_query) result.push_back(&*assisted_query);
  if (like_query) result.push_back(&*like_query);
  return result;
}

const EncryptColumn* EncryptTable::Find(const std::string& logic_column) const {
  for (const auto& each : columns) {
    if (EqualsIgnoreCase(each.logic, logic_column)) return &each;
  }
  return nullptr;
}

const EncryptTable* EncryptRule::Find(const std::string& table) const {
  for (const auto& each : tables) {
    if (EqualsIgnoreCase(each.table, table)) return &each;
  }
  return nullptr;
}

const NamedEncryptor* EncryptRule::FindEncryptor(const std::string& name) const {
  for (const auto& each : encryptors) {
    if (each.name == name) return &each;
  }
  return nullptr;
}

EncryptRule CompileEncrypt(const config::EncryptRuleConfig& config) {
  EncryptRule result;
  for (const auto& each : config.encryptors) {
    auto encryptor = AlgorithmRegistry::Global().CreateEncryptor(each.value.type, each.value.props, each.path);
    result.encryptors.push_back({each.name, each.value, std::move(encryptor)});
  }
  for (const auto& table : config.tables) {
    EncryptTable compiled{table.name, {}};
    for (const auto& column : table.value.columns) {
      const config::EncryptColumnConfig& cfg = column.value;
      EncryptColumn each;
      each.logic = column.name;
      const std::string& cipher = cfg.cipher.encryptor_name;
      each.cipher = MakeItem(result, cfg.cipher, ItemKind::Cipher, cipher, column.path + ".cipher");
      if (cfg.assisted_query) {
        each.assisted_query =
            MakeItem(result, *cfg.assisted_query, ItemKind::AssistedQuery, cipher, column.path + ".assistedQuery");
      }
      if (cfg.like_query) {
        each.like_query = MakeItem(result, *cfg.like_query, ItemKind::LikeQuery, cipher, column.path + ".likeQuery");
      }
      compiled.columns.push_back(std::move(each));
    }
    result.tables.push_back(std::move(compiled));
  }
  return result;
}

}  // namespace sqlroute::rules
