// Masking in the statement log of statements on tables that are not encrypted: the arguments of
// key and password functions, passwords in user statements, and configured secret values
// wherever they appear. The last tests route through an engine with a file log and scan every
// line it wrote for the secrets.
#include <gtest/gtest.h>

#include <sqlroute/sqlroute.h>

#include <cstdio>
#include <filesystem>
#include <fstream>
#include <sstream>

#include "observe/masking.h"
#include "support/golden.h"

namespace {

using sqlroute::Engine;
using sqlroute::Value;
using sqlroute::observe::Mask;
using sqlroute::observe::MaskedSql;

const std::vector<std::string> kSecrets = {"key-123456abc", "db-secret"};  // longest first

std::string Masked(const std::string& sql) { return Mask(sql, {}, false, kSecrets).sql; }

TEST(ObservabilityMaskingTest, ArgumentsOfKeyFunctionsAreMasked) {
  const std::pair<const char*, const char*> cases[] = {
      {"SELECT AES_ENCRYPT('plain', 'k3y') FROM t", "SELECT AES_ENCRYPT(***, ***) FROM t"},
      {"UPDATE t SET c = aes_encrypt('v', 'k') WHERE id = 5", "UPDATE t SET c = aes_encrypt(***, ***) WHERE id = 5"},
      {"SELECT AES_ENCRYPT(CONCAT('a', b), UNHEX(SHA2('phrase', 512))), 'shown' FROM t",
       "SELECT AES_ENCRYPT(CONCAT(***, b), UNHEX(SHA2(***, ***))), 'shown' FROM t"},
      {"SELECT DES_ENCRYPT('a', 'b'), DES_DECRYPT(c, 'd'), ENCODE('e', 'f'), Decode(c, 'g')",
       "SELECT DES_ENCRYPT(***, ***), DES_DECRYPT(c, ***), ENCODE(***, ***), Decode(c, ***)"},
      {"SELECT ENCRYPT('h', 'ij'), PASSWORD('k'), OLD_PASSWORD('l'), AES_DECRYPT(c, x'00ff', 'iv') FROM t",
       "SELECT ENCRYPT(***, ***), PASSWORD(***), OLD_PASSWORD(***), AES_DECRYPT(c, ***, ***) FROM t"},
      {"SELECT /*!50000 AES_ENCRYPT('x', 'y') */ FROM t", "SELECT /*!50000 AES_ENCRYPT(***, ***) */ FROM t"},
      {"SELECT decode, encode FROM t WHERE decode = 'x'", "SELECT decode, encode FROM t WHERE decode = 'x'"},
      {"SELECT `aes_encrypt`('x') FROM t", "SELECT `aes_encrypt`('x') FROM t"},  // a quoted name is no built-in
  };
  for (const auto& [sql, masked] : cases) EXPECT_EQ(Masked(sql), masked) << sql;
}

TEST(ObservabilityMaskingTest, PasswordsOfUserAndServerStatementsAreMasked) {
  const std::pair<const char*, const char*> cases[] = {
      {"CREATE USER 'u'@'%' IDENTIFIED BY 'pw'", "CREATE USER 'u'@'%' IDENTIFIED BY ***"},
      {"ALTER USER u IDENTIFIED WITH mysql_native_password BY 'new' REPLACE 'old' RETAIN CURRENT PASSWORD",
       "ALTER USER u IDENTIFIED WITH mysql_native_password BY *** REPLACE *** RETAIN CURRENT PASSWORD"},
      {"CREATE USER u IDENTIFIED BY PASSWORD '*AB12'", "CREATE USER u IDENTIFIED BY PASSWORD ***"},
      {"CREATE USER u IDENTIFIED WITH 'sha256_password' AS 'hash'", "CREATE USER u IDENTIFIED WITH 'sha256_password' AS ***"},
      {"GRANT SELECT ON *.* TO u IDENTIFIED BY 'pw'", "GRANT SELECT ON *.* TO u IDENTIFIED BY ***"},
      {"SET PASSWORD FOR 'u'@'%' = 'pw'", "SET PASSWORD FOR ***@'%' = ***"},  // a host is no secret
      {"set password = PASSWORD('pw')", "set password = PASSWORD(***)"},
      {"CHANGE MASTER TO MASTER_HOST = 'h', MASTER_PASSWORD = 'pw'", "CHANGE MASTER TO MASTER_HOST = 'h', MASTER_PASSWORD = ***"},
      {"CREATE TABLE t (id INT) PASSWORD = 'pw' COMMENT 'c'", "CREATE TABLE t (id INT) PASSWORD = *** COMMENT 'c'"},
      {"CREATE SERVER s FOREIGN DATA WRAPPER mysql OPTIONS (USER 'u', PASSWORD 'pw')",
       "CREATE SERVER s FOREIGN DATA WRAPPER mysql OPTIONS (USER 'u', PASSWORD ***)"},
      {"REPLACE INTO t (id) VALUES (1)", "REPLACE INTO t (id) VALUES (1)"},
  };
  for (const auto& [sql, masked] : cases) EXPECT_EQ(Masked(sql), masked) << sql;
}

TEST(ObservabilityMaskingTest, ConfiguredSecretsAreMaskedAnywhere) {
  const std::pair<const char*, const char*> cases[] = {
      {"SELECT c FROM t WHERE note = 'db-secret' AND id = 1", "SELECT c FROM t WHERE note = *** AND id = 1"},
      {"SELECT c FROM t WHERE note = 'my db-secret here'", "SELECT c FROM t WHERE note = ***"},
      {"SELECT c FROM t WHERE note = 'db\\-secret'", "SELECT c FROM t WHERE note = ***"},  // \- is -
      {"SELECT c FROM t WHERE note = X'64622d736563726574'", "SELECT c FROM t WHERE note = ***"},  // hex of db-secret
      {"SELECT c FROM t WHERE note = 0x64622d736563726574", "SELECT c FROM t WHERE note = ***"},
      {"SELECT c FROM t WHERE note = 'it''s db-secret'", "SELECT c FROM t WHERE note = ***"},
      {"SELECT c FROM t /* key-123456abc */ WHERE `db-secret` = 1", "SELECT c FROM t /* *** */ WHERE `***` = 1"},
      {"SELECT c FROM t WHERE note = \"x\" -- db-secret", "SELECT c FROM t WHERE note = \"x\" -- ***"},
  };
  for (const auto& [sql, masked] : cases) EXPECT_EQ(Masked(sql), masked) << sql;
}

TEST(ObservabilityMaskingTest, ParametersAreMaskedByPlaceOrContent) {
  std::vector<Value> params = {Value::String("plain"), Value::String("k"), Value::Int(7),
                               Value::String("with db-secret inside"), Value::Int(8)};
  MaskedSql masked = Mask("SELECT AES_ENCRYPT(?, ?) FROM t WHERE id = ? AND note = ? AND k IN (?)", params, false, kSecrets);
  EXPECT_EQ(masked.sql, "SELECT AES_ENCRYPT(?, ?) FROM t WHERE id = ? AND note = ? AND k IN (?)");
  EXPECT_EQ(masked.params, (std::vector<std::string>{"***", "***", "7", "***", "8"}));
  masked = Mask("ALTER USER u IDENTIFIED BY ? /* ? */", {Value::String("pw")}, false, kSecrets);
  EXPECT_EQ(masked.params, (std::vector<std::string>{"***"}));
}

TEST(ObservabilityMaskingTest, EverythingOrNothingReadable) {
  MaskedSql all = Mask("SELECT 'a', ? FROM t WHERE id = 5", {Value::Int(1)}, true, {});
  EXPECT_EQ(all.sql, "SELECT ***, ? FROM t WHERE id = ***");
  EXPECT_EQ(all.params, (std::vector<std::string>{"***"}));
  MaskedSql unreadable = Mask("SELECT AES_ENCRYPT(?, 'unterminated", {Value::Int(1)}, false, {});
  EXPECT_EQ(unreadable.sql, "***");
  EXPECT_EQ(unreadable.params, (std::vector<std::string>{"***"}));
  MaskedSql plain = Mask("SELECT 'unterminated", {Value::Int(1)}, false, kSecrets);  // nothing to hide
  EXPECT_EQ(plain.sql, "SELECT 'unterminated");
  EXPECT_EQ(plain.params, (std::vector<std::string>{"1"}));
}

TEST(ObservabilityMaskingTest, SecretsComeFromEverySecretProp) {
  auto rules = sqlroute::RuleSet::FromYamlString(R"(
databaseName: db
dataSources:
  ds_0: {url: "jdbc:mysql://h/d0", username: root, password: ds-pass}
  ds_1: {url: "jdbc:mysql://h/d1", password: ds-pass}
rules:
- !SHARDING
  tables:
    t_order: {actualDataNodes: "ds_${0..1}.t_order"}
  defaultDatabaseStrategy:
    standard: {shardingColumn: id, shardingAlgorithmName: mod}
  shardingAlgorithms:
    mod: {type: MOD, props: {sharding-count: 2}}
- !ENCRYPT
  tables:
    t_user:
      columns:
        pwd: {cipher: {name: pwd_cipher, encryptorName: aes}}
  encryptors:
    aes: {type: AES, props: {aes-key-value: the-aes-key, digest-algorithm-name: SHA-1}}
)");
  sqlroute::observe::Secrets secrets = sqlroute::observe::ConfiguredSecrets(*rules);
  EXPECT_EQ(secrets.version, rules->version());
  EXPECT_EQ(secrets.values, (std::vector<std::string>{"the-aes-key", "ds-pass"}));
}

const std::string kRules = sqlroute::testing_support::GoldenRules("encrypt_password");

// Routes `sql` (an error is fine: failed statements are logged too).
void Route(const Engine& engine, const std::string& sql, const std::vector<Value>& params = {}) {
  try {
    engine.Route(sql, params);
  } catch (const sqlroute::Error&) {
  }
}

TEST(ObservabilityMaskingTest, NoSecretInAnyLogLine) {
  std::string path = (std::filesystem::temp_directory_path() / "sqlroute_masking_test.log").string();
  std::remove(path.c_str());
  Engine engine = Engine::FromYamlString(kRules);
  engine.observability().SetStatementLog(sqlroute::FileStatementLog(path));
  Route(engine, "SELECT AES_ENCRYPT(note, 'aes-literal-key') FROM t_other WHERE id = 41");
  Route(engine, "SELECT AES_DECRYPT(note, ?) FROM t_other WHERE id = ?", {Value::String("aes-param-key"), Value::Int(42)});
  Route(engine, "INSERT INTO t_other (id, note) VALUES (43, ENCODE('x', 'encode-pass'))");
  Route(engine, "UPDATE t_other SET note = DES_ENCRYPT(note, ?) WHERE id = 44", {Value::String("des-param-key")});
  Route(engine, "CREATE USER 'bob'@'%' IDENTIFIED BY 'create-pass'");
  Route(engine, "ALTER USER 'bob'@'%' IDENTIFIED BY 'alter-pass' REPLACE 'old-pass'");
  Route(engine, "SET PASSWORD FOR 'bob'@'%' = 'set-pass'");
  Route(engine, "CREATE TABLE t_new (id INT) PASSWORD = 'table-pass'");
  Route(engine, "SELECT id FROM t_other WHERE note = 'db-secret' AND id = 45");
  Route(engine, "SELECT id FROM t_other WHERE note = ? AND id = 46", {Value::String("key-123456abc")});
  Route(engine, "SELECT id FROM t_other WHERE note = 'db-secret' AND");  // a syntax error
  engine.observability().SetStatementLog(nullptr);
  std::ifstream in(path);
  std::stringstream text;
  text << in.rdbuf();
  std::remove(path.c_str());
  std::vector<std::string> lines;
  for (std::string line; std::getline(text, line);) lines.push_back(line);
  ASSERT_GE(lines.size(), 22u);  // a header and a logic SQL line per statement at least
  for (const std::string& line : lines) {
    for (const char* secret : {"aes-literal-key", "aes-param-key", "encode-pass", "des-param-key", "create-pass",
                               "alter-pass", "old-pass", "set-pass", "table-pass", "db-secret", "key-123456abc"}) {
      EXPECT_EQ(line.find(secret), std::string::npos) << secret << " in: " << line;
    }
  }
  for (const char* shown : {"id = 41", "42]", "VALUES (43, ENCODE(***, ***))", "id = 44", "id = 45", "id = 46"}) {
    EXPECT_NE(text.str().find(shown), std::string::npos) << shown;  // values that are no secret stay
  }
}

}  // namespace
