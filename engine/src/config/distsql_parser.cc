// Token cursor, shared grammar pieces and statement dispatch of the DistSQL parser.
#include "config/distsql_parser.h"

#include <strings.h>

#include <algorithm>
#include <cctype>

#include "config/diagnostics.h"
#include "sqlroute/error_text.h"

namespace sqlroute::config::distsql {

namespace {

std::string Describe(const Token& token) {
  switch (token.kind) {
    case Token::Kind::End:
      return "end of script";
    case Token::Kind::String:
      return "string '" + token.text + "'";
    default:
      return "`" + token.text + "`";
  }
}

}  // namespace

std::string GeneratedName(std::initializer_list<std::string> parts) {
  std::string result;
  for (const auto& part : parts) result += (result.empty() ? "" : "_") + part;
  std::transform(result.begin(), result.end(), result.begin(), [](unsigned char c) { return std::tolower(c); });
  return result;
}

Parser::Parser(std::string_view script, RuleConfig& config)
    : script_(script), config_(config), tokens_(Tokenize(script)) {}

void Parser::Run() {
  while (Peek().kind != Token::Kind::End) {
    if (AcceptSymbol(';')) continue;
    statement_start_ = pos_;
    bool applied = Recover([&] {
      Statement();
      if (Peek().kind != Token::Kind::End) ExpectSymbol(';');
    });
    if (!applied) SkipStatement();
  }
}

void Parser::SkipStatement() {
  while (Peek().kind != Token::Kind::End && !AcceptSymbol(';')) ++pos_;
}

const Token& Parser::Peek(std::size_t ahead) const { return tokens_[std::min(pos_ + ahead, tokens_.size() - 1)]; }

bool Parser::IsWord(const char* word, std::size_t ahead) const {
  const Token& token = Peek(ahead);
  return token.kind == Token::Kind::Word && strcasecmp(token.text.c_str(), word) == 0;
}

bool Parser::IsSymbol(char symbol, std::size_t ahead) const {
  const Token& token = Peek(ahead);
  return token.kind == Token::Kind::Symbol && token.text[0] == symbol;
}

bool Parser::AcceptWord(const char* word) {
  if (!IsWord(word)) return false;
  ++pos_;
  return true;
}

void Parser::ExpectWord(const char* word) {
  if (!AcceptWord(word)) Fail(word);
}

void Parser::ExpectWords(std::initializer_list<const char*> words) {
  for (const char* word : words) ExpectWord(word);
}

bool Parser::AcceptSymbol(char symbol) {
  if (!IsSymbol(symbol)) return false;
  ++pos_;
  return true;
}

void Parser::ExpectSymbol(char symbol) {
  if (!AcceptSymbol(symbol)) Fail(std::string("`") + symbol + "`");
}

void Parser::Fail(const std::string& expected) const {
  FailAt(Peek(), Message<msg::DistSqlUnexpected>(arg::found = Describe(Peek()), arg::expected = expected));
}

void Parser::FailAt(const Token& token, ErrorText text) const {
  throw Error(std::move(text), PositionAt(script_, token.offset));
}

std::string Parser::Name() {
  const Token& token = Peek();
  if (token.kind != Token::Kind::Word && token.kind != Token::Kind::QuotedName && token.kind != Token::Kind::String) {
    Fail(Message<msg::DistSqlExpectedName>().message);
  }
  ++pos_;
  return token.text;
}

std::string Parser::Value() {
  const Token& token = Peek();
  if (token.kind == Token::Kind::Symbol || token.kind == Token::Kind::End) Fail(Message<msg::DistSqlExpectedValue>().message);
  ++pos_;
  return token.text;
}

std::vector<std::string> Parser::NameList() {
  std::vector<std::string> result;
  ExpectSymbol('(');
  do {
    result.push_back(Name());
  } while (AcceptSymbol(','));
  ExpectSymbol(')');
  return result;
}

AlgorithmConfig Parser::Algorithm() {
  AlgorithmConfig result;
  ExpectWord("TYPE");
  ExpectSymbol('(');
  ExpectWord("NAME");
  ExpectSymbol('=');
  result.type = Name();
  if (AcceptSymbol(',')) {
    ExpectWord("PROPERTIES");
    result.props = Properties();
  }
  ExpectSymbol(')');
  return result;
}

Props Parser::Properties() {
  Props result;
  ExpectSymbol('(');
  if (AcceptSymbol(')')) return result;
  do {
    std::string key = Name();
    ExpectSymbol('=');
    result.Set(key, Value());
  } while (AcceptSymbol(','));
  ExpectSymbol(')');
  return result;
}

bool Parser::IfNotExists() {
  if (!IsWord("IF")) return false;
  ExpectWords({"IF", "NOT", "EXISTS"});
  return true;
}

bool Parser::IfExists() {
  if (!IsWord("IF")) return false;
  ExpectWords({"IF", "EXISTS"});
  return true;
}

std::string Parser::StatementPath() const {
  SourcePosition position = PositionAt(script_, tokens_[statement_start_].offset);
  return "distsql[" + std::to_string(position.line) + ":" + std::to_string(position.column) + "]";
}

std::string Parser::PathOf(const std::string& name) const { return StatementPath() + "." + name; }

void Parser::Statement() {
  if (AcceptWord("REGISTER")) {
    ExpectWords({"STORAGE", "UNIT"});
    return StorageUnits(Verb::Create);
  }
  if (AcceptWord("UNREGISTER")) {
    ExpectWords({"STORAGE", "UNIT"});
    return DropStorageUnits();
  }
  if (AcceptWord("ADD")) {  // 5.2
    ExpectWord("RESOURCE");
    return StorageUnits(Verb::Create);
  }
  if (AcceptWord("CREATE")) return CreateAlterDrop(Verb::Create);
  if (AcceptWord("ALTER")) return CreateAlterDrop(Verb::Alter);
  if (AcceptWord("DROP")) return CreateAlterDrop(Verb::Drop);
  if (AcceptWord("LOAD")) return LoadSingleTables();
  if (AcceptWord("SET")) return SetDefaultSingleStorageUnit();
  Fail(Message<msg::DistSqlExpectedStatement>().message);
}

void Parser::CreateAlterDrop(Verb verb) {
  if (IsWord("STORAGE") || IsWord("RESOURCE")) {
    if (!AcceptWord("RESOURCE")) ExpectWords({"STORAGE", "UNIT"});
    if (verb == Verb::Drop) return DropStorageUnits();
    if (verb == Verb::Alter) return StorageUnits(Verb::Alter);
    Fail("REGISTER STORAGE UNIT");
  }
  if (AcceptWord("DEFAULT")) {
    if (AcceptWord("SHADOW")) return DefaultShadowAlgorithm(verb);
    ExpectWord("SHARDING");
    return DefaultShardingStrategy(verb);
  }
  if (AcceptWord("SHARDING")) {
    if (AcceptWord("ALGORITHM")) {
      return ShardingNamedAlgorithms(verb, &ShardingRuleConfig::sharding_algorithms, "sharding algorithm");
    }
    if (AcceptWord("AUDITOR")) return ShardingNamedAlgorithms(verb, &ShardingRuleConfig::auditors, "auditor");
    if (AcceptWord("KEY")) {
      ExpectWord("GENERATOR");
      return ShardingNamedAlgorithms(verb, &ShardingRuleConfig::key_generators, "key generator");
    }
    if (AcceptWord("BINDING")) return LegacyBindingRules(verb);
    if (AcceptWord("BROADCAST")) return BroadcastRules(verb, true);
    ExpectWord("TABLE");
    if (AcceptWord("REFERENCE")) return ReferenceRules(verb);
    ExpectWord("RULE");
    return ShardingTableRules(verb);
  }
  if (AcceptWord("BROADCAST")) return BroadcastRules(verb, false);
  if (AcceptWord("READWRITE_SPLITTING")) return ReadwriteSplittingRules(verb);
  if (AcceptWord("ENCRYPT")) return EncryptRules(verb);
  if (AcceptWord("SHADOW")) return ShadowRules(verb);
  Fail(Message<msg::DistSqlExpectedRuleKind>().message);
}

}  // namespace sqlroute::config::distsql
