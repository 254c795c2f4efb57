#pragma once
// Recursive-descent DistSQL parser that applies each statement to a RuleConfig as it is read.
// Statement families live in distsql_storage.cc, distsql_sharding.cc and distsql_rules.cc;
// shared grammar pieces (TYPE(...), PROPERTIES(...), name lists) in distsql_parser.cc.
#include <string>
#include <string_view>
#include <vector>

#include "config/distsql_lexer.h"
#include "config/rule_config.h"
#include "sqlroute/error_text.h"

namespace sqlroute::config::distsql {

enum class Verb { Create, Alter, Drop };

class Parser {
 public:
  Parser(std::string_view script, RuleConfig& config);
  // Applies every statement of the script in order. When collecting problems
  // (config/diagnostics.h) a statement that fails is reported and skipped.
  void Run();

 private:
  // --- token cursor
  const Token& Peek(std::size_t ahead = 0) const;
  bool IsWord(const char* word, std::size_t ahead = 0) const;
  bool IsSymbol(char symbol, std::size_t ahead = 0) const;
  bool AcceptWord(const char* word);
  void ExpectWord(const char* word);
  bool AcceptSymbol(char symbol);
  void ExpectSymbol(char symbol);
  void ExpectWords(std::initializer_list<const char*> words);
  // "unexpected <token>, expected <expected>": keywords, or a DistSqlExpected* message.
  [[noreturn]] void Fail(const std::string& expected) const;
  [[noreturn]] void FailAt(const Token& token, ErrorText text) const;

  void SkipStatement();  // past the next `;`

  // --- shared grammar
  std::string Name();   // word, `quoted` name or string literal
  std::string Value();  // string, number or word (true, false, ...)
  std::vector<std::string> NameList();  // ( a, b, c )
  AlgorithmConfig Algorithm();          // TYPE(NAME=x [, PROPERTIES(...)])
  Props Properties();                   // PROPERTIES("k"="v", ...) after the keyword
  bool IfNotExists();
  bool IfExists();
  std::string PathOf(const std::string& name) const;  // "distsql[line:column].name"
  std::string StatementPath() const;

  // --- statements
  void Statement();
  void CreateAlterDrop(Verb verb);
  void StorageUnits(Verb verb);
  void DropStorageUnits();
  void ShardingTableRules(Verb verb);
  void ShardingTableRule(Verb verb, bool if_not_exists);
  void DropShardingTableRules();
  void DefaultShardingStrategy(Verb verb);
  void ReferenceRules(Verb verb);
  void LegacyBindingRules(Verb verb);
  void ShardingNamedAlgorithms(Verb verb, NamedList<AlgorithmConfig> ShardingRuleConfig::*list, const char* what);
  void BroadcastRules(Verb verb, bool legacy_form);
  void ReadwriteSplittingRules(Verb verb);
  void SwitchReplica(ReadwriteSplittingRuleConfig& rule, const std::string& group_name, const Token& at);
  void EncryptRules(Verb verb);
  void ShadowRules(Verb verb);
  void DefaultShadowAlgorithm(Verb verb);
  void LoadSingleTables();
  void SetDefaultSingleStorageUnit();

  std::string_view script_;
  RuleConfig& config_;
  std::vector<Token> tokens_;
  std::size_t pos_ = 0;
  std::size_t statement_start_ = 0;  // token index of the current statement
};

// Lower-cased "a_b_c" as ShardingSphere names generated algorithms.
std::string GeneratedName(std::initializer_list<std::string> parts);

}  // namespace sqlroute::config::distsql
