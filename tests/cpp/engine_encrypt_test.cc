// The encrypt rewrite through the public API: the seed's DistSQL rule, the plan's decrypt
// instructions and RuleSet::Decrypt / DecryptRow turning the units' ciphertext back into
// plaintext. SQL texts of every position are in tests/golden/route/encrypt*.yaml.
#include <gtest/gtest.h>

#include "sqlroute/engine.h"
#include "sqlroute/error.h"

namespace sqlroute {
namespace {

constexpr const char* kSeedScript =
    R"(REGISTER STORAGE UNIT sphereex_demo(HOST="192.168.xx.20", PORT=13306, DB="encrypt_db", USER="test", PASSWORD="test");
CREATE ENCRYPT RULE t_user (
COLUMNS(
(NAME=idCard,CIPHER=idcard_cipher,TYPE(NAME="AES",PROPERTIES("aes-key-value"="123456abc"))),
(NAME=mobile, CIPHER =mobile_cipher,TYPE(NAME="AES",PROPERTIES("aes-key-value"="123456abc")))));)";

// AES, key SHA-1("123456abc")[0..16): computed with `openssl enc -aes-128-ecb`.
constexpr const char* kMobileCipher = "52zoxT3DH+615sHtgeO0rA==";  // "13912345678"

TEST(EncryptEngineTest, SeedRuleRewritesAndNamesColumnsToDecrypt) {
  Engine engine = Engine::FromDistSql(kSeedScript);
  Plan plan = engine.Route("SELECT id, mobile AS m, idCard FROM t_user WHERE mobile = ?", {Value::String("13912345678")});
  ASSERT_EQ(plan.units.size(), 1u);
  EXPECT_EQ(plan.units[0].sql, "SELECT id, `mobile_cipher` AS m, `idcard_cipher` AS idCard FROM t_user WHERE `mobile_cipher` = ?");
  EXPECT_EQ(plan.units[0].params, std::vector<Value>{Value::String(kMobileCipher)});
  ASSERT_EQ(plan.merge.decrypt.size(), 2u);
  EXPECT_EQ(plan.merge.decrypt[0].column.label, "m");
  EXPECT_EQ(plan.merge.decrypt[0].column.index, 1);
  EXPECT_EQ(plan.merge.decrypt[0].table, "t_user");
  EXPECT_EQ(plan.merge.decrypt[0].logic_column, "mobile");
  EXPECT_EQ(plan.merge.decrypt[1].column.label, "idCard");
  EXPECT_EQ(plan.merge.decrypt[1].column.index, 2);

  std::vector<Value> row{Value::Int(1), Value::String(kMobileCipher), Value::Null()};
  engine.rules()->DecryptRow(plan.merge.decrypt, {"id", "m", "idCard"}, row);
  EXPECT_EQ(row, (std::vector<Value>{Value::Int(1), Value::String("13912345678"), Value::Null()}));
}

// MariaDB's RETURNING is the statement's result: its encrypted columns are read and decrypted as
// a SELECT's projections are.
TEST(EncryptEngineTest, ReturningColumnsAreReadFromCipherAndDecrypted) {
  Engine engine = Engine::FromDistSql(kSeedScript);
  Plan plan = engine.Route("INSERT INTO t_user (id, mobile) VALUES (1, ?) RETURNING id, mobile AS m", {Value::String("13912345678")});
  ASSERT_EQ(plan.units.size(), 1u);
  EXPECT_EQ(plan.units[0].sql, "INSERT INTO t_user (id, `mobile_cipher`) VALUES (1, ?) RETURNING id, `mobile_cipher` AS m");
  EXPECT_EQ(plan.units[0].params, std::vector<Value>{Value::String(kMobileCipher)});
  ASSERT_EQ(plan.merge.decrypt.size(), 1u);
  EXPECT_EQ(plan.merge.decrypt[0].column.label, "m");
  EXPECT_EQ(plan.merge.decrypt[0].column.index, 1);
  EXPECT_EQ(plan.merge.decrypt[0].logic_column, "mobile");

  std::vector<Value> row{Value::Int(1), Value::String(kMobileCipher)};
  engine.rules()->DecryptRow(plan.merge.decrypt, {"id", "m"}, row);
  EXPECT_EQ(row, (std::vector<Value>{Value::Int(1), Value::String("13912345678")}));

  Plan deleted = engine.Route("DELETE FROM t_user WHERE id = 1 RETURNING idCard");
  EXPECT_EQ(deleted.units[0].sql, "DELETE FROM t_user WHERE id = 1 RETURNING `idcard_cipher` AS idCard");
  ASSERT_EQ(deleted.merge.decrypt.size(), 1u);
  EXPECT_EQ(deleted.merge.decrypt[0].logic_column, "idCard");
}

TEST(EncryptEngineTest, ColumnsAfterAnUnexpandedStarAreFoundByLabel) {
  Engine engine = Engine::FromDistSql(kSeedScript);
  Plan plan = engine.Route("SELECT o.*, u.mobile FROM t_other o JOIN t_user u ON o.id = u.id");
  EXPECT_EQ(plan.units[0].sql, "SELECT o.*, u.`mobile_cipher` AS mobile FROM t_other o JOIN t_user u ON o.id = u.id");
  ASSERT_EQ(plan.merge.decrypt.size(), 1u);
  EXPECT_EQ(plan.merge.decrypt[0].column.index, -1);
  std::vector<Value> row{Value::Int(1), Value::String("x"), Value::String(kMobileCipher)};
  engine.rules()->DecryptRow(plan.merge.decrypt, {"id", "name", "MOBILE"}, row);
  EXPECT_EQ(row[2], Value::String("13912345678"));
}

TEST(EncryptEngineTest, DecryptNamesTheEncryptorNotItsKey) {
  Engine engine = Engine::FromDistSql(kSeedScript);
  Plan plan = engine.Route("SELECT mobile FROM t_user");
  ASSERT_EQ(plan.merge.decrypt.size(), 1u);
  const std::string& encryptor = plan.merge.decrypt[0].encryptor;
  EXPECT_EQ(encryptor.find("123456abc"), std::string::npos);
  EXPECT_EQ(engine.rules()->Decrypt(encryptor, Value::String(kMobileCipher)), Value::String("13912345678"));
  EXPECT_TRUE(engine.rules()->Decrypt(encryptor, Value::Null()).is_null());
  EXPECT_EQ(plan.Explain().find("123456abc"), std::string::npos);
}

TEST(EncryptEngineTest, DecryptFailuresAreErrors) {
  auto rules = RuleSet::FromDistSql(kSeedScript);
  Plan plan = Engine(rules).Route("SELECT mobile FROM t_user");
  const std::string& encryptor = plan.merge.decrypt.at(0).encryptor;
  try {
    rules->Decrypt(encryptor, Value::String("not base64!"));
    FAIL() << "expected DECRYPT_FAILED";
  } catch (const Error& error) {
    EXPECT_EQ(error.code(), ErrorCode::DECRYPT_FAILED);
    EXPECT_EQ(error.message().find("123456abc"), std::string::npos);
  }
  EXPECT_THROW(rules->Decrypt("no_such_encryptor", Value::String("x")), Error);
}

TEST(EncryptEngineTest, StarOverAnEncryptTableNeedsMetadata) {
  Engine engine = Engine::FromDistSql(kSeedScript);
  try {
    engine.Route("SELECT * FROM t_user");
    FAIL() << "expected UNSUPPORTED_SQL";
  } catch (const Error& error) {
    EXPECT_EQ(error.code(), ErrorCode::UNSUPPORTED_SQL);
  }
  Engine with_metadata(engine.rules()->WithMetadata("{t_user: [id, mobile]}"));
  Plan plan = with_metadata.Route("SELECT * FROM t_user");
  EXPECT_EQ(plan.units[0].sql, "SELECT t_user.`id`, t_user.`mobile_cipher` AS `mobile` FROM t_user");
  ASSERT_EQ(plan.merge.decrypt.size(), 1u);
  EXPECT_EQ(plan.merge.decrypt[0].column.label, "mobile");
  EXPECT_EQ(plan.merge.decrypt[0].column.index, 1);
}

TEST(EncryptEngineTest, StarLeavesInvisibleColumnsOut) {
  // As ShorthandProjectionSegmentBinder expands `*`: MySQL's SELECT * shows no INVISIBLE column.
  Engine engine(Engine::FromDistSql(kSeedScript).rules()->WithMetadata(
      "{t_user: {columns: [id, mobile, {name: audit, visible: false}]}}"));
  Plan plan = engine.Route("SELECT * FROM t_user");
  EXPECT_EQ(plan.units[0].sql, "SELECT t_user.`id`, t_user.`mobile_cipher` AS `mobile` FROM t_user");
  ASSERT_EQ(plan.merge.decrypt.size(), 1u);
  EXPECT_EQ(plan.merge.decrypt[0].column.index, 1);
}

TEST(EncryptEngineTest, WritesAndPredicatesNeedNoDecryption) {
  Engine engine = Engine::FromDistSql(kSeedScript);
  EXPECT_TRUE(engine.Route("UPDATE t_user SET mobile = '1' WHERE idCard = '2'").merge.decrypt.empty());
  EXPECT_TRUE(engine.Route("SELECT id FROM t_user WHERE mobile = '1'").merge.decrypt.empty());
}

}  // namespace
}  // namespace sqlroute
