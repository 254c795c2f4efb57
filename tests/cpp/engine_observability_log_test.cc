// The statement log: general and slow records, the text and file forms, sql-show, and masking
// (no value of an encrypted column, no password, no key in any line).
#include <gtest/gtest.h>

#include "support/golden.h"

#include <sqlroute/sqlroute.h>

#include <cstdio>
#include <filesystem>
#include <fstream>
#include <mutex>
#include <sstream>

namespace {

using sqlroute::Engine;
using sqlroute::StatementLogOptions;
using sqlroute::StatementRecord;
using sqlroute::Value;

const std::string kSharding = sqlroute::testing_support::GoldenRules("two_shard_mod4");

const std::string kEncrypt = sqlroute::testing_support::GoldenRules("encrypt_password");

class Recorder : public sqlroute::StatementLog {
 public:
  void OnStatement(const StatementRecord& record) override {
    std::lock_guard<std::mutex> lock(mutex_);
    records.push_back(record);
  }
  std::vector<StatementRecord> records;

 private:
  std::mutex mutex_;
};

std::shared_ptr<Recorder> Log(const Engine& engine, StatementLogOptions options = {}) {
  auto recorder = std::make_shared<Recorder>();
  engine.observability().SetStatementLog(recorder, options);
  return recorder;
}

// The record's text without its first line (time and durations).
std::string Body(const StatementRecord& record) {
  std::string text = sqlroute::FormatStatementRecord(record);
  return text.substr(text.find('\n') + 1);
}

std::string Header(const StatementRecord& record) {
  std::string text = sqlroute::FormatStatementRecord(record);
  return text.substr(0, text.find('\n'));
}

TEST(ObservabilityLogTest, GeneralLogShowsLogicAndActualSql) {
  Engine engine = Engine::FromYamlString(kSharding);
  auto log = Log(engine);
  engine.Route("SELECT c FROM t_user WHERE id IN (?, ?)", {Value::Int(1), Value::String("2")});
  ASSERT_EQ(log->records.size(), 1u);
  const StatementRecord& r = log->records[0];
  EXPECT_FALSE(r.slow);
  EXPECT_EQ(r.statement_type, "SELECT");
  EXPECT_EQ(r.route_type, "Standard");
  EXPECT_EQ(r.total_nanos, r.parse_nanos + r.route_nanos + r.rewrite_nanos);
  EXPECT_EQ(Body(r),
            "Logic SQL: SELECT c FROM t_user WHERE id IN (?, ?) ::: [1, '2']\n"
            "Actual SQL: ds_0 ::: SELECT c FROM t_user_2 WHERE id IN (?, ?) ::: [1, '2']\n"
            "Actual SQL: ds_1 ::: SELECT c FROM t_user_1 WHERE id IN (?, ?) ::: [1, '2']\n");
  EXPECT_NE(Header(r).find(" general SELECT Standard total="), std::string::npos) << Header(r);
}

TEST(ObservabilityLogTest, FailedStatementsAreLoggedWithTheirCode) {
  Engine engine = Engine::FromYamlString(kSharding);
  auto log = Log(engine);
  EXPECT_THROW(engine.Route("SELECT c FROM t_user WHERE id = ?"), sqlroute::Error);
  ASSERT_EQ(log->records.size(), 1u);
  EXPECT_EQ(log->records[0].error, sqlroute::ErrorCode::PARAMETER_MISSING);
  EXPECT_EQ(log->records[0].route_type, "");
  EXPECT_NE(Header(log->records[0]).find(" general SELECT - total="), std::string::npos);
  EXPECT_NE(Header(log->records[0]).find(" error=PARAMETER_MISSING"), std::string::npos);
  EXPECT_EQ(Body(log->records[0]), "Logic SQL: SELECT c FROM t_user WHERE id = ? ::: []\n");
}

TEST(ObservabilityLogTest, SlowLogKeepsStatementsAtOrAboveTheThreshold) {
  Engine engine = Engine::FromYamlString(kSharding);
  auto everything_slow = Log(engine, {false, std::chrono::nanoseconds(0)});
  engine.Route("SELECT c FROM t_user WHERE id = 1");
  ASSERT_EQ(everything_slow->records.size(), 1u);
  EXPECT_TRUE(everything_slow->records[0].slow);
  EXPECT_NE(Header(everything_slow->records[0]).find(" slow SELECT"), std::string::npos);

  auto nothing_slow = Log(engine, {false, std::chrono::hours(1)});
  engine.Route("SELECT c FROM t_user WHERE id = 1");
  EXPECT_TRUE(nothing_slow->records.empty());

  auto general_and_slow = Log(engine, {true, std::chrono::hours(1)});
  engine.Route("SELECT c FROM t_user WHERE id = 1");
  ASSERT_EQ(general_and_slow->records.size(), 1u);
  EXPECT_FALSE(general_and_slow->records[0].slow);
}

TEST(ObservabilityLogTest, SqlShowTurnsTheGeneralLogOn) {
  Engine engine = Engine::FromYamlString(kSharding + "props: {sql-show: true}\n");
  auto log = Log(engine, {false, std::nullopt});
  engine.Route("SELECT c FROM t_user WHERE id = 3");
  ASSERT_EQ(log->records.size(), 1u);
  EXPECT_EQ(Body(log->records[0]),
            "Logic SQL: SELECT c FROM t_user WHERE id = 3 ::: []\n"
            "Actual SQL: ds_1 ::: SELECT c FROM t_user_3 WHERE id = 3 ::: []\n");
}

TEST(ObservabilityLogTest, FileLogAppendsTheText) {
  std::string path = (std::filesystem::temp_directory_path() / "sqlroute_observability_log_test.log").string();
  std::remove(path.c_str());
  Engine engine = Engine::FromYamlString(kSharding);
  engine.observability().SetStatementLog(sqlroute::FileStatementLog(path));
  engine.Route("SELECT c FROM t_user WHERE id = 2");
  engine.Route("SELECT c FROM t_user WHERE id = 3");
  engine.observability().SetStatementLog(nullptr);
  std::ifstream in(path);
  std::stringstream text;
  text << in.rdbuf();
  std::remove(path.c_str());
  std::vector<std::string> lines;
  for (std::string line; std::getline(text, line);) lines.push_back(line);
  ASSERT_EQ(lines.size(), 6u);
  EXPECT_EQ(lines[0].rfind("# ", 0), 0u);
  EXPECT_EQ(lines[1], "Logic SQL: SELECT c FROM t_user WHERE id = 2 ::: []");
  EXPECT_EQ(lines[2], "Actual SQL: ds_0 ::: SELECT c FROM t_user_2 WHERE id = 2 ::: []");
  EXPECT_EQ(lines[5], "Actual SQL: ds_1 ::: SELECT c FROM t_user_3 WHERE id = 3 ::: []");
  EXPECT_THROW(sqlroute::FileStatementLog("/nonexistent-dir/x.log"), sqlroute::Error);
}

// Every logged line of the encrypt workload, as the file log would write them.
std::string LoggedText(const Recorder& log) {
  std::string text;
  for (const auto& record : log.records) text += sqlroute::FormatStatementRecord(record);
  return text;
}

TEST(ObservabilityLogTest, EncryptedValuesAreMaskedInLogicAndActualSql) {
  Engine engine = Engine::FromYamlString(kEncrypt);
  sqlroute::Plan plain = engine.Route("INSERT INTO t_user (id, password) VALUES (1, 'pw-literal')");
  std::string ciphertext = plain.units[0].sql;  // holds the AES ciphertext and the MD5 digest
  auto log = Log(engine);
  engine.Route("INSERT INTO t_user (id, password) VALUES (1, 'pw-literal')");
  engine.Route("SELECT id FROM t_user WHERE password = ? AND id = 5", {Value::String("pw-param")});
  engine.Route("SELECT id FROM t_other WHERE note = 'visible'");
  ASSERT_EQ(log->records.size(), 3u);
  EXPECT_EQ(Body(log->records[0]),
            "Logic SQL: INSERT INTO t_user (id, password) VALUES (***, ***) ::: []\n"
            "Actual SQL: ds ::: INSERT INTO t_user (id, `cipher_password`, `assisted_query_password`) VALUES (***, ***, ***) ::: []\n");
  EXPECT_EQ(Body(log->records[1]),
            "Logic SQL: SELECT id FROM t_user WHERE password = ? AND id = *** ::: [***]\n"
            "Actual SQL: ds ::: SELECT id FROM t_user WHERE `assisted_query_password` = ? AND id = *** ::: [***]\n");
  EXPECT_EQ(Body(log->records[2]),  // no encrypted table: shown as is
            "Logic SQL: SELECT id FROM t_other WHERE note = 'visible' ::: []\n"
            "Actual SQL: ds ::: SELECT id FROM t_other WHERE note = 'visible' ::: []\n");
  std::string text = LoggedText(*log);
  for (const char* secret : {"pw-literal", "pw-param", "key-123456abc", "db-secret"}) {
    EXPECT_EQ(text.find(secret), std::string::npos) << secret;
  }
  std::size_t quote = ciphertext.find('\'');
  ASSERT_NE(quote, std::string::npos);
  std::string cipher_literal = ciphertext.substr(quote, ciphertext.find('\'', quote + 1) - quote + 1);
  EXPECT_EQ(text.find(cipher_literal.substr(1, cipher_literal.size() - 2)), std::string::npos) << cipher_literal;
}

TEST(ObservabilityLogTest, PasswordsOfDclAndUnparsableStatementsAreMasked) {
  Engine engine = Engine::FromYamlString(kSharding);
  auto log = Log(engine);
  engine.Route("CREATE USER 'bob'@'%' IDENTIFIED BY 'hunter2'");
  EXPECT_THROW(engine.Route("SELEC 'hunter3'"), sqlroute::Error);
  ASSERT_EQ(log->records.size(), 2u);
  EXPECT_EQ(log->records[0].logic_sql, "CREATE USER ***@'%' IDENTIFIED BY ***");  // a host is no secret
  EXPECT_EQ(log->records[1].logic_sql, "SELEC ***");
  std::string text = LoggedText(*log);
  EXPECT_EQ(text.find("hunter"), std::string::npos) << text;
}

TEST(ObservabilityLogTest, ALogThatThrowsDoesNotFailTheStatement) {
  class Throwing : public sqlroute::StatementLog {
    void OnStatement(const StatementRecord&) override { throw std::runtime_error("log bug"); }
  };
  Engine engine = Engine::FromYamlString(kSharding);
  engine.observability().SetStatementLog(std::make_shared<Throwing>());
  EXPECT_EQ(engine.Route("SELECT c FROM t_user WHERE id = 1").units.size(), 1u);
}

}  // namespace
