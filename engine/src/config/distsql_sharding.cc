// Sharding statements: table rules (DATANODES and auto-table forms), reference (binding)
// rules, default strategies and named algorithms.
#include <algorithm>
#include <set>

#include "config/distsql_parser.h"
#include "config/named_list_edit.h"
#include "sqlroute/error_text.h"

namespace sqlroute::config::distsql {

namespace {

ShardingRuleConfig& Sharding(RuleConfig& config, const std::string& path) {
  if (!config.sharding) {
    config.sharding.emplace();
    config.sharding->path = path;
  }
  return *config.sharding;
}

// After an ALTER or DROP: algorithms no strategy refers to any more are dropped with it.
void RemoveUnusedAlgorithms(ShardingRuleConfig& rule) {
  std::set<std::string> algorithms, generators, auditors;
  auto strategy = [&](const std::optional<StrategyConfig>& each) {
    if (each) algorithms.insert(each->algorithm_name);
  };
  auto key_generate = [&](const std::optional<KeyGenerateStrategyConfig>& each) {
    if (each) generators.insert(each->key_generator_name);
  };
  auto audit = [&](const std::optional<AuditStrategyConfig>& each) {
    if (each) auditors.insert(each->auditor_names.begin(), each->auditor_names.end());
  };
  for (const auto& each : rule.tables) {
    strategy(each.value.database_strategy);
    strategy(each.value.table_strategy);
    key_generate(each.value.key_generate_strategy);
    audit(each.value.audit_strategy);
  }
  for (const auto& each : rule.auto_tables) {
    strategy(each.value.sharding_strategy);
    key_generate(each.value.key_generate_strategy);
    audit(each.value.audit_strategy);
  }
  strategy(rule.default_database_strategy);
  strategy(rule.default_table_strategy);
  key_generate(rule.default_key_generate_strategy);
  audit(rule.default_audit_strategy);
  for (const auto& each : rule.key_generate_strategies) generators.insert(each.value.key_generator_name);
  KeepReferenced(rule.sharding_algorithms, algorithms);
  KeepReferenced(rule.key_generators, generators);
  KeepReferenced(rule.auditors, auditors);
}

}  // namespace

// [IF NOT EXISTS] t ( ... ) [, t2 ( ... )]   |   DROP: [IF EXISTS] t [, t2]
void Parser::ShardingTableRules(Verb verb) {
  if (verb == Verb::Drop) return DropShardingTableRules();
  bool if_not_exists = verb == Verb::Create && IfNotExists();
  do {
    ShardingTableRule(verb, if_not_exists);
  } while (AcceptSymbol(','));
  if (verb == Verb::Alter) RemoveUnusedAlgorithms(*config_.sharding);
}

void Parser::ShardingTableRule(Verb verb, bool if_not_exists) {
  const Token& name_token = Peek();
  std::string table = Name();
  ShardingRuleConfig& rule = Sharding(config_, StatementPath());
  bool exists = Find(rule.tables, table) || Find(rule.auto_tables, table);
  if (verb == Verb::Create && exists && !if_not_exists) {
    FailAt(name_token, Message<msg::AlreadyExists>(arg::what = "sharding table rule", arg::name = table));
  }
  if (verb == Verb::Alter && !exists) {
    FailAt(name_token, Message<msg::DoesNotExist>(arg::what = "sharding table rule", arg::name = table));
  }
  bool skip = verb == Verb::Create && exists;  // IF NOT EXISTS: parse, then ignore

  std::string data_nodes, sharding_column;
  std::vector<std::string> storage_units;
  std::optional<AlgorithmConfig> auto_algorithm;
  std::optional<StrategyConfig> database_strategy, table_strategy;
  std::optional<KeyGenerateStrategyConfig> key_generate;
  std::optional<AuditStrategyConfig> audit;
  NamedList<AlgorithmConfig> new_algorithms, new_generators, new_auditors;
  std::string path = PathOf(table);

  auto strategy = [&](const char* level) {
    ExpectSymbol('(');
    StrategyConfig result;
    std::string type;
    do {
      if (AcceptWord("TYPE")) {
        ExpectSymbol('=');
        type = Name();
      } else if (AcceptWord("SHARDING_COLUMN") || AcceptWord("SHARDING_COLUMNS")) {
        ExpectSymbol('=');
        result.sharding_columns = Name();
        // SHARDING_COLUMNS=a,b: a further bare name not followed by `=` or `(` is another column.
        while (IsSymbol(',') && Peek(1).kind == Token::Kind::Word && !IsSymbol('=', 2) && !IsSymbol('(', 2)) {
          ++pos_;
          result.sharding_columns += "," + Name();
        }
      } else if (AcceptWord("SHARDING_ALGORITHM")) {
        if (AcceptSymbol('=')) {  // 5.2: a named algorithm
          result.algorithm_name = Name();
        } else {
          ExpectSymbol('(');
          AlgorithmConfig algorithm = Algorithm();
          ExpectSymbol(')');
          result.algorithm_name = GeneratedName({table, level, algorithm.type});
          Put(new_algorithms, result.algorithm_name, algorithm, path);
        }
      } else {
        Fail("TYPE, SHARDING_COLUMN, SHARDING_COLUMNS or SHARDING_ALGORITHM");
      }
    } while (AcceptSymbol(','));
    ExpectSymbol(')');
    std::string kind = GeneratedName({type});
    if (kind == "standard") result.kind = StrategyConfig::Kind::Standard;
    else if (kind == "complex") result.kind = StrategyConfig::Kind::Complex;
    else if (kind == "hint") result.kind = StrategyConfig::Kind::Hint;
    else if (kind == "none" || kind.empty()) result = StrategyConfig{};
    else
      FailAt(name_token, Message<msg::UnknownStrategyType>(arg::type = type));
    return result;
  };

  ExpectSymbol('(');
  do {
    if (AcceptWord("DATANODES")) {
      for (const auto& each : NameList()) data_nodes += (data_nodes.empty() ? "" : ",") + each;
    } else if (AcceptWord("STORAGE_UNITS") || AcceptWord("RESOURCES")) {
      storage_units = NameList();
    } else if (AcceptWord("SHARDING_COLUMN")) {
      ExpectSymbol('=');
      sharding_column = Name();
    } else if (IsWord("TYPE")) {
      auto_algorithm = Algorithm();
    } else if (AcceptWord("DATABASE_STRATEGY")) {
      database_strategy = strategy("database");
    } else if (AcceptWord("TABLE_STRATEGY")) {
      table_strategy = strategy("table");
    } else if (AcceptWord("KEY_GENERATE_STRATEGY")) {
      key_generate.emplace();
      ExpectSymbol('(');
      do {
        if (AcceptWord("COLUMN")) {
          ExpectSymbol('=');
          key_generate->column = Name();
        } else if (AcceptWord("KEY_GENERATOR")) {  // 5.2: a named key generator
          ExpectSymbol('=');
          key_generate->key_generator_name = Name();
        } else if (IsWord("TYPE")) {
          AlgorithmConfig generator = Algorithm();
          key_generate->key_generator_name = GeneratedName({table, generator.type});
          Put(new_generators, key_generate->key_generator_name, generator, path);
        } else {
          Fail("COLUMN, KEY_GENERATOR or TYPE");
        }
      } while (AcceptSymbol(','));
      ExpectSymbol(')');
    } else if (AcceptWord("AUDIT_STRATEGY")) {
      audit.emplace();
      ExpectSymbol('(');
      do {
        if (AcceptWord("ALLOW_HINT_DISABLE")) {
          ExpectSymbol('=');
          audit->allow_hint_disable = GeneratedName({Value()}) == "true";
        } else if (AcceptWord("AUDITORS")) {  // 5.2/5.3: AUDITORS=[a, b] or AUDITORS(a, b)
          AcceptSymbol('=');
          char close = AcceptSymbol('[') ? ']' : (ExpectSymbol('('), ')');
          do {
            audit->auditor_names.push_back(Name());
          } while (AcceptSymbol(','));
          ExpectSymbol(close);
        } else if (IsWord("TYPE")) {
          AlgorithmConfig auditor = Algorithm();
          std::string name = GeneratedName({table, auditor.type});
          audit->auditor_names.push_back(name);
          Put(new_auditors, name, auditor, path);
        } else {
          Fail("TYPE, AUDITORS or ALLOW_HINT_DISABLE");
        }
      } while (AcceptSymbol(','));
      ExpectSymbol(')');
    } else {
      Fail("DATANODES, STORAGE_UNITS, SHARDING_COLUMN, TYPE, DATABASE_STRATEGY, TABLE_STRATEGY, "
           "KEY_GENERATE_STRATEGY or AUDIT_STRATEGY");
    }
  } while (AcceptSymbol(','));
  ExpectSymbol(')');
  if (skip) return;

  bool auto_table = !storage_units.empty() || auto_algorithm.has_value();
  if (auto_table && (!data_nodes.empty() || database_strategy || table_strategy)) {
    FailAt(name_token, Message<msg::AutoTableFormMixed>(arg::table = table));
  }
  if (auto_table && (!auto_algorithm || sharding_column.empty())) {
    FailAt(name_token, Message<msg::AutoTableRuleIncomplete>(arg::table = table));
  }
  if (auto_table) {
    Erase(rule.tables, table);
    ShardingAutoTableConfig result;
    for (const auto& each : storage_units) {
      result.actual_data_sources += (result.actual_data_sources.empty() ? "" : ",") + each;
    }
    result.sharding_strategy = {StrategyConfig::Kind::Standard, sharding_column, GeneratedName({table, auto_algorithm->type})};
    Put(new_algorithms, result.sharding_strategy.algorithm_name, *auto_algorithm, path);
    result.key_generate_strategy = key_generate;
    result.audit_strategy = audit;
    Put(rule.auto_tables, table, result, path);
  } else {
    Erase(rule.auto_tables, table);
    ShardingTableConfig result{data_nodes, database_strategy, table_strategy, key_generate, audit};
    Put(rule.tables, table, result, path);
  }
  for (auto& each : new_algorithms) Put(rule.sharding_algorithms, each.name, each.value, path);
  for (auto& each : new_generators) Put(rule.key_generators, each.name, each.value, path);
  for (auto& each : new_auditors) Put(rule.auditors, each.name, each.value, path);
}

void Parser::DropShardingTableRules() {
  bool if_exists = IfExists();
  do {
    const Token& name_token = Peek();
    std::string table = Name();
    bool found = config_.sharding && (Erase(config_.sharding->tables, table) | Erase(config_.sharding->auto_tables, table));
    if (!found && !if_exists) {
      FailAt(name_token, Message<msg::DoesNotExist>(arg::what = "sharding table rule", arg::name = table));
    }
    if (!found) continue;
    for (const auto& group : config_.sharding->binding_groups) {
      if (std::find(group.begin(), group.end(), table) != group.end()) {
        FailAt(name_token, Message<msg::ShardingTableStillReferenced>(arg::table = table));
      }
    }
  } while (AcceptSymbol(','));
  if (config_.sharding) RemoveUnusedAlgorithms(*config_.sharding);
}

// DATABASE|TABLE STRATEGY [IF NOT EXISTS] ( TYPE=..., SHARDING_COLUMN[S]=..., SHARDING_ALGORITHM(...) )
void Parser::DefaultShardingStrategy(Verb verb) {
  bool database = AcceptWord("DATABASE");
  if (!database) ExpectWord("TABLE");
  ExpectWord("STRATEGY");
  const char* level = database ? "database" : "table";
  ShardingRuleConfig& rule = Sharding(config_, StatementPath());
  auto& slot = database ? rule.default_database_strategy : rule.default_table_strategy;
  const Token& start = Peek();
  if (verb == Verb::Drop) {
    bool if_exists = IfExists();
    if (!slot && !if_exists) {
      FailAt(start, Message<msg::DefaultStrategyDoesNotExist>(arg::level = level));
    }
    slot.reset();
    RemoveUnusedAlgorithms(rule);
    return;
  }
  bool if_not_exists = verb == Verb::Create && IfNotExists();
  StrategyConfig result;
  std::optional<AlgorithmConfig> algorithm;
  ExpectSymbol('(');
  std::string type;
  do {
    if (AcceptWord("TYPE")) {
      ExpectSymbol('=');
      type = GeneratedName({Name()});
    } else if (AcceptWord("SHARDING_COLUMN") || AcceptWord("SHARDING_COLUMNS")) {
      ExpectSymbol('=');
      result.sharding_columns = Name();
      while (IsSymbol(',') && Peek(1).kind == Token::Kind::Word && !IsSymbol('=', 2) && !IsSymbol('(', 2)) {
        ++pos_;
        result.sharding_columns += "," + Name();
      }
    } else if (AcceptWord("SHARDING_ALGORITHM")) {
      if (AcceptSymbol('=')) {
        result.algorithm_name = Name();
      } else {
        ExpectSymbol('(');
        algorithm = Algorithm();
        ExpectSymbol(')');
        result.algorithm_name = GeneratedName({"default", level, algorithm->type});
      }
    } else {
      Fail("TYPE, SHARDING_COLUMN, SHARDING_COLUMNS or SHARDING_ALGORITHM");
    }
  } while (AcceptSymbol(','));
  ExpectSymbol(')');
  if (verb == Verb::Create && slot) {
    if (if_not_exists) return;
    FailAt(start, Message<msg::DefaultStrategyAlreadyExists>(arg::level = level));
  }
  if (verb == Verb::Alter && !slot) {
    FailAt(start, Message<msg::DefaultStrategyDoesNotExist>(arg::level = level));
  }
  if (type == "standard") result.kind = StrategyConfig::Kind::Standard;
  else if (type == "complex") result.kind = StrategyConfig::Kind::Complex;
  else if (type == "hint") result.kind = StrategyConfig::Kind::Hint;
  else if (type == "none") result = StrategyConfig{};
  else
    FailAt(start, Message<msg::UnknownStrategyType>(arg::type = type));
  slot = result;
  if (algorithm) Put(rule.sharding_algorithms, result.algorithm_name, *algorithm, StatementPath());
  if (verb == Verb::Alter) RemoveUnusedAlgorithms(rule);
}

// [IF NOT EXISTS] name (t1, t2) [, name2 (...)]   |   DROP: [IF EXISTS] name [, name2]
void Parser::ReferenceRules(Verb verb) {
  ExpectWord("RULE");
  ShardingRuleConfig& rule = Sharding(config_, StatementPath());
  rule.binding_group_names.resize(rule.binding_groups.size());
  bool if_exists = verb == Verb::Drop && IfExists();
  bool if_not_exists = verb == Verb::Create && IfNotExists();
  do {
    const Token& name_token = Peek();
    std::string name = Name();
    auto& names = rule.binding_group_names;
    auto found = std::find(names.begin(), names.end(), name);
    std::size_t index = found - names.begin();
    if (verb == Verb::Drop) {
      if (found == names.end()) {
        if (if_exists) continue;
        FailAt(name_token, Message<msg::DoesNotExist>(arg::what = "sharding table reference rule", arg::name = name));
      }
      names.erase(found);
      rule.binding_groups.erase(rule.binding_groups.begin() + index);
      continue;
    }
    std::vector<std::string> tables = NameList();
    if (verb == Verb::Create && found != names.end()) {
      if (if_not_exists) continue;
      FailAt(name_token, Message<msg::AlreadyExists>(arg::what = "sharding table reference rule", arg::name = name));
    }
    if (verb == Verb::Alter && found == names.end()) {
      FailAt(name_token, Message<msg::DoesNotExist>(arg::what = "sharding table reference rule", arg::name = name));
    }
    if (verb == Verb::Alter) {
      rule.binding_groups[index] = tables;
    } else {
      names.push_back(name);
      rule.binding_groups.push_back(tables);
    }
  } while (AcceptSymbol(','));
}

// 5.2: CREATE|ALTER SHARDING BINDING TABLE RULES (t1, t2) [, (t3, t4)]; DROP ... [(t1, t2)]
void Parser::LegacyBindingRules(Verb verb) {
  ExpectWords({"TABLE", "RULES"});
  ShardingRuleConfig& rule = Sharding(config_, StatementPath());
  rule.binding_group_names.resize(rule.binding_groups.size());
  if (verb == Verb::Drop && !IsSymbol('(')) {
    rule.binding_groups.clear();
    rule.binding_group_names.clear();
    return;
  }
  if (verb == Verb::Alter) {
    rule.binding_groups.clear();
    rule.binding_group_names.clear();
  }
  do {
    std::vector<std::string> tables = NameList();
    auto found = std::find(rule.binding_groups.begin(), rule.binding_groups.end(), tables);
    if (verb == Verb::Drop && found != rule.binding_groups.end()) {
      rule.binding_group_names.erase(rule.binding_group_names.begin() + (found - rule.binding_groups.begin()));
      rule.binding_groups.erase(found);
    } else if (verb != Verb::Drop) {
      rule.binding_groups.push_back(tables);
      rule.binding_group_names.push_back("");
    }
  } while (AcceptSymbol(','));
}

// name ( TYPE(NAME=..., PROPERTIES(...)) ) [, ...]   |   DROP: [IF EXISTS] name [, ...]
void Parser::ShardingNamedAlgorithms(Verb verb, NamedList<AlgorithmConfig> ShardingRuleConfig::*list,
                                     const char* what) {
  ShardingRuleConfig& rule = Sharding(config_, StatementPath());
  auto& algorithms = rule.*list;
  bool if_exists = verb == Verb::Drop && IfExists();
  bool if_not_exists = verb == Verb::Create && IfNotExists();
  do {
    const Token& name_token = Peek();
    std::string name = Name();
    bool exists = Find(algorithms, name) != nullptr;
    if (verb == Verb::Drop) {
      if (!exists && !if_exists) FailAt(name_token, Message<msg::DoesNotExist>(arg::what = what, arg::name = name));
      Erase(algorithms, name);
      continue;
    }
    ExpectSymbol('(');
    AlgorithmConfig algorithm = Algorithm();
    ExpectSymbol(')');
    if (verb == Verb::Create && exists) {
      if (if_not_exists) continue;
      FailAt(name_token, Message<msg::AlreadyExists>(arg::what = what, arg::name = name));
    }
    if (verb == Verb::Alter && !exists) {
      FailAt(name_token, Message<msg::DoesNotExist>(arg::what = what, arg::name = name));
    }
    Put(algorithms, name, algorithm, PathOf(name));
  } while (AcceptSymbol(','));
}

}  // namespace sqlroute::config::distsql
