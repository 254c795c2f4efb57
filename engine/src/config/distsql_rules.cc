// Broadcast, read/write-splitting, encrypt, shadow and single-table statements.
#include <algorithm>
#include <functional>
#include <set>

#include "config/distsql_parser.h"
#include "config/named_list_edit.h"
#include "sqlroute/error_text.h"

namespace sqlroute::config::distsql {

namespace {

template <typename Rule>
Rule& Ensure(std::optional<Rule>& rule, const std::string& path) {
  if (!rule) {
    rule.emplace();
    rule->path = path;
  }
  return *rule;
}

void RemoveUnusedLoadBalancers(ReadwriteSplittingRuleConfig& rule) {
  std::set<std::string> used;
  for (const auto& each : rule.groups) used.insert(each.value.load_balancer_name);
  KeepReferenced(rule.load_balancers, used);
}

void RemoveUnusedEncryptors(EncryptRuleConfig& rule) {
  std::set<std::string> used;
  for (const auto& table : rule.tables) {
    for (const auto& column : table.value.columns) {
      used.insert(column.value.cipher.encryptor_name);
      if (column.value.assisted_query) used.insert(column.value.assisted_query->encryptor_name);
      if (column.value.like_query) used.insert(column.value.like_query->encryptor_name);
    }
  }
  KeepReferenced(rule.encryptors, used);
}

// Removes shadow rule `name`: its data source mapping, its share of the tables and the
// algorithms nothing refers to any more.
void RemoveShadowRule(ShadowRuleConfig& rule, const std::string& name) {
  Erase(rule.data_sources, name);
  for (auto& table : rule.tables) {
    auto& names = table.value.data_source_names;
    names.erase(std::remove(names.begin(), names.end(), name), names.end());
  }
  rule.tables.erase(std::remove_if(rule.tables.begin(), rule.tables.end(),
                                   [](const auto& each) { return each.value.data_source_names.empty(); }),
                    rule.tables.end());
  std::set<std::string> used{rule.default_algorithm_name};
  for (const auto& table : rule.tables) used.insert(table.value.algorithm_names.begin(), table.value.algorithm_names.end());
  KeepReferenced(rule.algorithms, used);
}

// Verb checks shared by the rule statements: returns false when IF NOT EXISTS skips the item.
bool CheckExistence(Verb verb, bool exists, bool tolerant, const std::string& what, const std::string& name,
                    const std::function<void(ErrorText)>& fail) {
  if (verb == Verb::Create && exists) {
    if (tolerant) return false;
    fail(Message<msg::AlreadyExists>(arg::what = what, arg::name = name));
  }
  if (verb != Verb::Create && !exists) {
    if (tolerant) return false;
    fail(Message<msg::DoesNotExist>(arg::what = what, arg::name = name));
  }
  return true;
}

}  // namespace

// 5.4+: BROADCAST TABLE RULE [IF NOT EXISTS] t1, t2;  5.2: SHARDING BROADCAST TABLE RULES (t1, t2)
void Parser::BroadcastRules(Verb verb, bool legacy_form) {
  ExpectWord("TABLE");
  ExpectWord(legacy_form ? "RULES" : "RULE");
  BroadcastRuleConfig& rule = Ensure(config_.broadcast, StatementPath());
  if (legacy_form && verb != Verb::Create && !IsSymbol('(')) {  // DROP ... RULES without a list: all
    if (verb == Verb::Alter) Fail("`(`");
    rule.tables.clear();
    return;
  }
  if (legacy_form && verb == Verb::Alter) rule.tables.clear();
  bool tolerant = !legacy_form && (verb == Verb::Drop ? IfExists() : IfNotExists());
  if (legacy_form) ExpectSymbol('(');
  do {
    const Token& name_token = Peek();
    std::string table = Name();
    auto found = std::find(rule.tables.begin(), rule.tables.end(), table);
    Verb check = verb == Verb::Alter ? Verb::Create : verb;
    auto fail = [&](ErrorText text) { FailAt(name_token, std::move(text)); };
    if (!CheckExistence(check, found != rule.tables.end(), tolerant, "broadcast table rule", table, fail)) continue;
    if (verb == Verb::Drop) {
      rule.tables.erase(found);
    } else {
      rule.tables.push_back(table);
    }
  } while (AcceptSymbol(','));
  if (legacy_form) ExpectSymbol(')');
}

// [IF NOT EXISTS] g ( WRITE_STORAGE_UNIT=w, READ_STORAGE_UNITS(r0, r1)
//   [, TRANSACTIONAL_READ_QUERY_STRATEGY='FIXED'] [, TYPE(NAME=..., PROPERTIES(...))] ) [, ...]
// ALTER READWRITE_SPLITTING RULE g (ENABLE | DISABLE) replica [FROM database]
void Parser::SwitchReplica(ReadwriteSplittingRuleConfig& rule, const std::string& group_name, const Token& at) {
  bool disable = AcceptWord("DISABLE");
  if (!disable) ExpectWord("ENABLE");
  const Token& replica_token = Peek();
  std::string replica = Name();
  if (AcceptWord("FROM")) Name();
  ReadwriteGroupConfig* group = nullptr;
  for (auto& each : rule.groups) {
    if (each.name == group_name) group = &each.value;
  }
  if (!group) FailAt(at, Message<msg::DoesNotExist>(arg::what = "read/write splitting rule", arg::name = group_name));
  const auto& reads = group->read_data_sources;
  if (std::find(reads.begin(), reads.end(), replica) == reads.end()) {
    FailAt(replica_token, Message<msg::NotAReadStorageUnit>(arg::name = replica, arg::group = group_name));
  }
  auto& disabled = group->disabled_read_data_sources;
  disabled.erase(std::remove(disabled.begin(), disabled.end(), replica), disabled.end());
  if (disable) disabled.push_back(replica);
}

void Parser::ReadwriteSplittingRules(Verb verb) {
  ExpectWord("RULE");
  auto& rule = Ensure(config_.readwrite_splitting, StatementPath());
  bool tolerant = verb == Verb::Drop ? IfExists() : verb == Verb::Create && IfNotExists();
  do {
    const Token& name_token = Peek();
    std::string name = Name();
    auto fail = [&](ErrorText text) { FailAt(name_token, std::move(text)); };
    bool exists = Find(rule.groups, name) != nullptr;
    if (verb == Verb::Drop) {
      if (CheckExistence(verb, exists, tolerant, "read/write splitting rule", name, fail)) Erase(rule.groups, name);
      continue;
    }
    if (verb == Verb::Alter && (IsWord("ENABLE") || IsWord("DISABLE"))) {
      SwitchReplica(rule, name, name_token);
      continue;
    }
    ReadwriteGroupConfig group;
    std::optional<AlgorithmConfig> load_balancer;
    ExpectSymbol('(');
    do {
      if (AcceptWord("WRITE_STORAGE_UNIT") || AcceptWord("WRITE_RESOURCE")) {
        ExpectSymbol('=');
        group.write_data_source = Name();
      } else if (AcceptWord("READ_STORAGE_UNITS") || AcceptWord("READ_RESOURCES")) {
        group.read_data_sources = NameList();
      } else if (AcceptWord("TRANSACTIONAL_READ_QUERY_STRATEGY")) {
        ExpectSymbol('=');
        group.transactional_read_query_strategy = Name();
      } else if (IsWord("AUTO_AWARE_RESOURCE")) {
        FailAt(Peek(), Message<msg::DynamicReadwriteRuleUnsupported>());
      } else if (IsWord("TYPE")) {
        load_balancer = Algorithm();
      } else {
        Fail("WRITE_STORAGE_UNIT, READ_STORAGE_UNITS, TRANSACTIONAL_READ_QUERY_STRATEGY or TYPE");
      }
    } while (AcceptSymbol(','));
    ExpectSymbol(')');
    if (!CheckExistence(verb, exists, tolerant, "read/write splitting rule", name, fail)) continue;
    if (load_balancer) {
      group.load_balancer_name = GeneratedName({name, load_balancer->type});
      Put(rule.load_balancers, group.load_balancer_name, *load_balancer, PathOf(name));
    }
    Put(rule.groups, name, group, PathOf(name));
  } while (AcceptSymbol(','));
  RemoveUnusedLoadBalancers(rule);
}

// [IF NOT EXISTS] t ( COLUMNS( (NAME=c, CIPHER=c_cipher [, ASSISTED_QUERY=..] [, LIKE_QUERY=..] [, PLAIN=..],
//   ENCRYPT_ALGORITHM(TYPE(..)) | TYPE(..) [, ASSISTED_QUERY_ALGORITHM(TYPE(..))] [, LIKE_QUERY_ALGORITHM(TYPE(..))]),
//   ...) [, QUERY_WITH_CIPHER_COLUMN=true] ) [, ...]
void Parser::EncryptRules(Verb verb) {
  ExpectWord("RULE");
  auto& rule = Ensure(config_.encrypt, StatementPath());
  bool tolerant = verb == Verb::Drop ? IfExists() : verb == Verb::Create && IfNotExists();
  do {
    const Token& name_token = Peek();
    std::string table_name = Name();
    auto fail = [&](ErrorText text) { FailAt(name_token, std::move(text)); };
    bool exists = Find(rule.tables, table_name) != nullptr;
    if (verb == Verb::Drop) {
      if (CheckExistence(verb, exists, tolerant, "encrypt rule", table_name, fail)) Erase(rule.tables, table_name);
      continue;
    }
    EncryptTableConfig table;
    NamedList<AlgorithmConfig> encryptors;
    ExpectSymbol('(');
    do {
      if (AcceptWord("QUERY_WITH_CIPHER_COLUMN")) {
        ExpectSymbol('=');
        table.query_with_cipher_column = GeneratedName({Value()}) == "true";
        continue;
      }
      ExpectWord("COLUMNS");
      ExpectSymbol('(');
      do {
        ExpectSymbol('(');
        std::string column_name, assisted, like;
        EncryptColumnConfig column;
        std::optional<AlgorithmConfig> cipher_algorithm, assisted_algorithm, like_algorithm;
        auto nested_algorithm = [&](std::optional<AlgorithmConfig>& slot) {
          ExpectSymbol('(');
          slot = Algorithm();
          ExpectSymbol(')');
        };
        do {
          if (AcceptWord("NAME")) {
            ExpectSymbol('=');
            column_name = Name();
          } else if (AcceptWord("CIPHER")) {
            ExpectSymbol('=');
            column.cipher.name = Name();
          } else if (AcceptWord("PLAIN")) {
            ExpectSymbol('=');
            column.plain_column = Name();
          } else if (AcceptWord("ASSISTED_QUERY") || AcceptWord("ASSISTED_QUERY_COLUMN")) {
            ExpectSymbol('=');
            assisted = Name();
          } else if (AcceptWord("LIKE_QUERY") || AcceptWord("LIKE_QUERY_COLUMN")) {
            ExpectSymbol('=');
            like = Name();
          } else if (IsWord("TYPE")) {  // 5.1 / 5.2: the cipher algorithm
            cipher_algorithm = Algorithm();
          } else if (AcceptWord("ENCRYPT_ALGORITHM")) {
            nested_algorithm(cipher_algorithm);
          } else if (AcceptWord("ASSISTED_QUERY_ALGORITHM")) {
            nested_algorithm(assisted_algorithm);
          } else if (AcceptWord("LIKE_QUERY_ALGORITHM")) {
            nested_algorithm(like_algorithm);
          } else if (AcceptWord("DATA_TYPE") || AcceptWord("CIPHER_DATA_TYPE") || AcceptWord("PLAIN_DATA_TYPE") ||
                     AcceptWord("ASSISTED_QUERY_DATA_TYPE") || AcceptWord("LIKE_QUERY_DATA_TYPE")) {
            ExpectSymbol('=');
            Value();  // 5.1 DDL hint, no effect on routing
          } else {
            Fail("NAME, CIPHER, ASSISTED_QUERY, LIKE_QUERY, PLAIN, TYPE or ENCRYPT_ALGORITHM");
          }
        } while (AcceptSymbol(','));
        ExpectSymbol(')');
        if (column_name.empty() || column.cipher.name.empty() || !cipher_algorithm) {
          FailAt(name_token, Message<msg::EncryptColumnIncomplete>(arg::rule = table_name));
        }
        column.cipher.encryptor_name = GeneratedName({table_name, column_name});
        Put(encryptors, column.cipher.encryptor_name, *cipher_algorithm, PathOf(table_name));
        if (!assisted.empty()) {
          column.assisted_query = EncryptColumnItemConfig{assisted, ""};
          if (assisted_algorithm) {
            column.assisted_query->encryptor_name = GeneratedName({"assist", table_name, column_name});
            Put(encryptors, column.assisted_query->encryptor_name, *assisted_algorithm, PathOf(table_name));
          }
        }
        if (!like.empty()) {
          column.like_query = EncryptColumnItemConfig{like, ""};
          if (like_algorithm) {
            column.like_query->encryptor_name = GeneratedName({"like", table_name, column_name});
            Put(encryptors, column.like_query->encryptor_name, *like_algorithm, PathOf(table_name));
          }
        }
        table.columns.push_back({column_name, column, PathOf(table_name) + ".columns." + column_name});
      } while (AcceptSymbol(','));
      ExpectSymbol(')');
    } while (AcceptSymbol(','));
    ExpectSymbol(')');
    if (!CheckExistence(verb, exists, tolerant, "encrypt rule", table_name, fail)) continue;
    Put(rule.tables, table_name, table, PathOf(table_name));
    for (auto& each : encryptors) Put(rule.encryptors, each.name, each.value, each.path);
  } while (AcceptSymbol(','));
  RemoveUnusedEncryptors(rule);
}

// [IF NOT EXISTS] r ( SOURCE=ds, SHADOW=ds_shadow, t_order(TYPE(..) [, TYPE(..)]), ... ) [, ...]
// 5.1 also names each algorithm: t_order((my_algorithm, TYPE(..)), ...).
void Parser::ShadowRules(Verb verb) {
  if (AcceptWord("ALGORITHM")) {  // DROP SHADOW ALGORITHM a, b
    if (verb != Verb::Drop) Fail("RULE");
    auto& rule = Ensure(config_.shadow, StatementPath());
    bool tolerant = IfExists();
    do {
      const Token& name_token = Peek();
      std::string name = Name();
      auto fail = [&](ErrorText text) { FailAt(name_token, std::move(text)); };
      if (CheckExistence(verb, Find(rule.algorithms, name), tolerant, "shadow algorithm", name, fail)) {
        Erase(rule.algorithms, name);
      }
    } while (AcceptSymbol(','));
    return;
  }
  ExpectWord("RULE");
  auto& rule = Ensure(config_.shadow, StatementPath());
  bool tolerant = verb == Verb::Drop ? IfExists() : verb == Verb::Create && IfNotExists();
  do {
    const Token& name_token = Peek();
    std::string name = Name();
    auto fail = [&](ErrorText text) { FailAt(name_token, std::move(text)); };
    bool exists = Find(rule.data_sources, name) != nullptr;
    if (verb == Verb::Drop) {
      if (CheckExistence(verb, exists, tolerant, "shadow rule", name, fail)) RemoveShadowRule(rule, name);
      continue;
    }
    ShadowDataSourceConfig data_source;
    std::vector<std::pair<std::string, std::vector<std::pair<std::string, AlgorithmConfig>>>> tables;
    ExpectSymbol('(');
    do {
      if (AcceptWord("SOURCE")) {
        ExpectSymbol('=');
        data_source.production_data_source = Name();
        continue;
      }
      if (AcceptWord("SHADOW")) {
        ExpectSymbol('=');
        data_source.shadow_data_source = Name();
        continue;
      }
      std::string table = Name();
      std::vector<std::pair<std::string, AlgorithmConfig>> algorithms;
      ExpectSymbol('(');
      do {
        if (AcceptSymbol('(')) {
          std::string algorithm_name;
          if (!IsWord("TYPE")) {
            algorithm_name = Name();
            ExpectSymbol(',');
          }
          algorithms.emplace_back(algorithm_name, Algorithm());
          ExpectSymbol(')');
        } else {
          algorithms.emplace_back("", Algorithm());
        }
      } while (AcceptSymbol(','));
      ExpectSymbol(')');
      tables.emplace_back(table, std::move(algorithms));
    } while (AcceptSymbol(','));
    ExpectSymbol(')');
    if (!CheckExistence(verb, exists, tolerant, "shadow rule", name, fail)) continue;
    if (verb == Verb::Alter) RemoveShadowRule(rule, name);
    Put(rule.data_sources, name, data_source, PathOf(name));
    for (auto& [table, algorithms] : tables) {
      if (!Find(rule.tables, table)) rule.tables.push_back({table, {}, PathOf(name) + "." + table});
      const std::string& table_name = table;  // C++17 lambdas cannot capture structured bindings
      ShadowTableConfig& table_config = std::find_if(rule.tables.begin(), rule.tables.end(),
                                                     [&](const auto& each) { return each.name == table_name; })->value;
      table_config.data_source_names.push_back(name);
      for (auto& [algorithm_name, algorithm] : algorithms) {
        std::string generated = algorithm_name.empty() ? GeneratedName({name, table, algorithm.type}) : algorithm_name;
        std::string unique = generated;
        for (int suffix = 1; algorithm_name.empty() && Find(rule.algorithms, unique); ++suffix) {
          unique = generated + "_" + std::to_string(suffix);
        }
        Put(rule.algorithms, unique, algorithm, PathOf(name));
        if (std::find(table_config.algorithm_names.begin(), table_config.algorithm_names.end(), unique) ==
            table_config.algorithm_names.end()) {
          table_config.algorithm_names.push_back(unique);
        }
      }
    }
  } while (AcceptSymbol(','));
}

// CREATE|ALTER DEFAULT SHADOW ALGORITHM [IF NOT EXISTS] TYPE(..);  DROP DEFAULT SHADOW ALGORITHM [IF EXISTS]
void Parser::DefaultShadowAlgorithm(Verb verb) {
  ExpectWord("ALGORITHM");
  const char kName[] = "default_shadow_algorithm";
  auto& rule = Ensure(config_.shadow, StatementPath());
  const Token& start = Peek();
  bool tolerant = verb == Verb::Drop ? IfExists() : verb == Verb::Create && IfNotExists();
  auto fail = [&](ErrorText text) { FailAt(start, std::move(text)); };
  std::optional<AlgorithmConfig> algorithm;
  if (verb != Verb::Drop) algorithm = Algorithm();
  bool exists = !rule.default_algorithm_name.empty();
  if (!CheckExistence(verb, exists, tolerant, "default shadow algorithm", "", fail)) return;
  if (verb == Verb::Drop) {
    std::string old = rule.default_algorithm_name;
    rule.default_algorithm_name.clear();
    bool used = std::any_of(rule.tables.begin(), rule.tables.end(), [&](const auto& table) {
      const auto& names = table.value.algorithm_names;
      return std::find(names.begin(), names.end(), old) != names.end();
    });
    if (!used) Erase(rule.algorithms, old);
    return;
  }
  Put(rule.algorithms, kName, *algorithm, StatementPath());
  rule.default_algorithm_name = kName;
}

// LOAD SINGLE TABLE ds.t, ds.*, *.*
void Parser::LoadSingleTables() {
  ExpectWords({"SINGLE", "TABLE"});
  auto& rule = Ensure(config_.single, StatementPath());
  auto part = [&]() { return AcceptSymbol('*') ? std::string("*") : Name(); };
  do {
    std::string table = part();
    while (AcceptSymbol('.')) table += "." + part();
    if (std::find(rule.tables.begin(), rule.tables.end(), table) == rule.tables.end()) rule.tables.push_back(table);
  } while (AcceptSymbol(','));
}

// SET DEFAULT SINGLE TABLE STORAGE UNIT = ds | RANDOM  (5.2: STORAGE RESOURCE)
void Parser::SetDefaultSingleStorageUnit() {
  ExpectWords({"DEFAULT", "SINGLE", "TABLE", "STORAGE"});
  if (!AcceptWord("RESOURCE")) ExpectWord("UNIT");
  ExpectSymbol('=');
  auto& rule = Ensure(config_.single, StatementPath());
  rule.default_data_source = AcceptWord("RANDOM") ? "" : Name();
}

}  // namespace sqlroute::config::distsql
