// Byte-exact vectors of ShardingSphere's built-in *EncryptAlgorithm classes, for every built-in
// encryptor.
#include <gtest/gtest.h>

#include "sqlroute/algorithm.h"

namespace sqlroute {
namespace {

std::string EncryptText(const std::string& type, const Props& props, const Value& plain) {
  auto encryptor = AlgorithmRegistry::Global().CreateEncryptor(type, props, "encryptors.test");
  Value cipher = encryptor->Encrypt(plain);
  EXPECT_EQ(cipher.kind(), Value::Kind::String);
  return cipher.text();
}

TEST(EncryptVectors, AesWithDefaultSha1Digest) {
  EXPECT_EQ(EncryptText("AES", {{"aes-key-value", "test"}}, Value::String("test")), "dSpPiyENQGDUXMKFMJPGWA==");
}

TEST(EncryptVectors, AesTypeAndDigestNamesAreCaseInsensitive) {
  EXPECT_EQ(EncryptText("aes", {{"aes-key-value", "test"}, {"digest-algorithm-name", "sha-1"}}, Value::String("test")),
            "dSpPiyENQGDUXMKFMJPGWA==");
}

TEST(EncryptVectors, Md5) {
  EXPECT_EQ(EncryptText("MD5", {}, Value::String("test")), "098f6bcd4621d373cade4e832627b4f6");
}

TEST(EncryptVectors, Md5SaltIsAppendedToThePlaintext) {
  EXPECT_EQ(EncryptText("MD5", {{"salt", "st"}}, Value::String("te")), "098f6bcd4621d373cade4e832627b4f6");
}

TEST(EncryptVectors, Rc4) {
  EXPECT_EQ(EncryptText("RC4", {{"rc4-key-value", "test-sharding"}}, Value::String("test")), "4Tn7lQ==");
}

TEST(EncryptVectors, Sm3WithSalt) {
  EXPECT_EQ(EncryptText("SM3", {{"sm3-salt", "test1234"}}, Value::String("test1234")),
            "9587fe084ee4b53fe629c6ae5519ee4d55def8ed4badc8588d3be9b99bd84aba");
}

TEST(EncryptVectors, Sm3WithoutSalt) {
  EXPECT_EQ(EncryptText("SM3", {}, Value::String("test1234")),
            "ab847c6f2f6a53be88808c5221bd6ee0762e1af1def82b21d2061599b6cf5c79");
}

TEST(EncryptVectors, Sm4Ecb) {
  Props props{{"sm4-key", "4D744E003D713D054E7E407C350E447E"}, {"sm4-mode", "ECB"}, {"sm4-padding", "PKCS5Padding"}};
  EXPECT_EQ(EncryptText("SM4", props, Value::String("test")), "028654f2ca4f575dee9e1faae85dadde");
}

TEST(EncryptVectors, Sm4Cbc) {
  Props props{{"sm4-key", "f201326119911788cFd30575b81059ac"},
              {"sm4-mode", "CBC"},
              {"sm4-iv", "e166c3391294E69cc4c620f594fe00d7"},
              {"sm4-padding", "PKCS7Padding"}};
  EXPECT_EQ(EncryptText("SM4", props, Value::String("test")), "dca2127b57ba8cac36a0914e0208dc11");
}

TEST(EncryptVectors, PlaintextIsTheJavaTextOfTheValue) {
  Props key{{"aes-key-value", "test"}};
  EXPECT_EQ(EncryptText("AES", key, Value::Int(1000)), EncryptText("AES", key, Value::String("1000")));
  EXPECT_EQ(EncryptText("MD5", {}, Value::Bool(true)), EncryptText("MD5", {}, Value::String("true")));
  EXPECT_EQ(EncryptText("MD5", {}, Value::Double(1.5)), EncryptText("MD5", {}, Value::String("1.5")));
}

TEST(EncryptVectors, NullStaysNullForEveryEncryptor) {
  const std::vector<std::pair<std::string, Props>> encryptors = {
      {"AES", {{"aes-key-value", "test"}}},
      {"MD5", {}},
      {"RC4", {{"rc4-key-value", "test-sharding"}}},
      {"SM3", {}},
      {"SM4", {{"sm4-key", "4D744E003D713D054E7E407C350E447E"}, {"sm4-mode", "ECB"}, {"sm4-padding", "PKCS5Padding"}}},
      {"CHAR_DIGEST_LIKE", {}},
  };
  for (const auto& [type, props] : encryptors) {
    auto encryptor = AlgorithmRegistry::Global().CreateEncryptor(type, props, "encryptors.test");
    EXPECT_TRUE(encryptor->Encrypt(Value::Null()).is_null()) << type;
    EXPECT_TRUE(encryptor->Decrypt(Value::Null()).is_null()) << type;
  }
}

}  // namespace
}  // namespace sqlroute
