// Encryptor props validation, decrypt capabilities, and secrets kept out of messages.
#include <gtest/gtest.h>

#include "sqlroute/algorithm.h"
#include "sqlroute/error.h"

namespace sqlroute {
namespace {

constexpr const char* kPath = "rules.encrypt.encryptors.secret_one";

// Builds the encryptor, expects a props error and returns its text.
std::string PropsError(const std::string& type, const Props& props) {
  try {
    AlgorithmRegistry::Global().CreateEncryptor(type, props, kPath);
  } catch (const Error& error) {
    EXPECT_EQ(error.code(), ErrorCode::CONFIG_ALGORITHM_PROPS) << type;
    EXPECT_EQ(error.config_path(), kPath);
    return error.what();
  }
  ADD_FAILURE() << type << " accepted bad props";
  return "";
}

TEST(EncryptProps, AesNeedsAKey) {
  EXPECT_NE(PropsError("AES", {}).find("aes-key-value"), std::string::npos);
  PropsError("AES", {{"aes-key-value", ""}});
}

TEST(EncryptProps, AesRejectsUnknownDigest) {
  std::string message = PropsError("AES", {{"aes-key-value", "SuperSecret"}, {"digest-algorithm-name", "SHA-999"}});
  EXPECT_NE(message.find("SHA-999"), std::string::npos);
  EXPECT_EQ(message.find("SuperSecret"), std::string::npos);
}

TEST(EncryptProps, Rc4KeyLength) {
  EXPECT_NE(PropsError("RC4", {{"rc4-key-value", "abcd"}}).find("Key length has to be between 5 and 255"),
            std::string::npos);
  PropsError("RC4", {{"rc4-key-value", std::string(256, 'k')}});
  PropsError("RC4", {});
  AlgorithmRegistry::Global().CreateEncryptor("RC4", {{"rc4-key-value", "abcde"}}, kPath);
  AlgorithmRegistry::Global().CreateEncryptor("RC4", {{"rc4-key-value", std::string(255, 'k')}}, kPath);
}

TEST(EncryptProps, Sm3SaltIsBlankOrEightCharacters) {
  std::string message = PropsError("SM3", {{"sm3-salt", "Secret7"}});
  EXPECT_EQ(message.find("Secret7"), std::string::npos);
  PropsError("SM3", {{"sm3-salt", "Secret789"}});
  AlgorithmRegistry::Global().CreateEncryptor("SM3", {{"sm3-salt", ""}}, kPath);
  AlgorithmRegistry::Global().CreateEncryptor("SM3", {{"sm3-salt", "中文中文中文中文"}}, kPath);
}

TEST(EncryptProps, Sm4KeyModeIvAndPadding) {
  const std::string key = "4D744E003D713D054E7E407C350E447E";
  std::string short_key = PropsError("SM4", {{"sm4-key", "4D744E00"}, {"sm4-mode", "ECB"}, {"sm4-padding", "PKCS5Padding"}});
  EXPECT_EQ(short_key.find("4D744E00"), std::string::npos);
  PropsError("SM4", {{"sm4-key", "zz" + key.substr(2)}, {"sm4-mode", "ECB"}, {"sm4-padding", "PKCS5Padding"}});
  PropsError("SM4", {{"sm4-key", key}, {"sm4-mode", "CTR"}, {"sm4-padding", "PKCS5Padding"}});
  PropsError("SM4", {{"sm4-key", key}, {"sm4-mode", "ECB"}, {"sm4-padding", "NoPadding"}});
  std::string bad_iv = PropsError("SM4", {{"sm4-key", key}, {"sm4-mode", "CBC"}, {"sm4-iv", "ABCD"}, {"sm4-padding", "PKCS7Padding"}});
  EXPECT_EQ(bad_iv.find("ABCD"), std::string::npos);
  EXPECT_EQ(bad_iv.find(key), std::string::npos);
}

TEST(EncryptProps, Md5CannotDecrypt) {
  auto md5 = AlgorithmRegistry::Global().CreateEncryptor("MD5", {{"salt", "pepper"}}, kPath);
  EXPECT_FALSE(md5->SupportsDecrypt());
  try {
    md5->Decrypt(Value::String("098f6bcd4621d373cade4e832627b4f6"));
    FAIL() << "MD5 decrypt must fail";
  } catch (const Error& error) {
    EXPECT_EQ(error.code(), ErrorCode::DECRYPT_FAILED);
    EXPECT_EQ(error.message(), "Algorithm `MD5` is unsupported to decrypt");
  }
}

TEST(EncryptProps, Sm3DecryptReturnsItsInput) {
  auto sm3 = AlgorithmRegistry::Global().CreateEncryptor("SM3", {}, kPath);
  EXPECT_FALSE(sm3->SupportsDecrypt());
  EXPECT_EQ(sm3->Decrypt(Value::String("abc")), Value::String("abc"));
}

TEST(EncryptProps, AllBuiltinsAreRegistered) {
  for (const char* type : {"AES", "MD5", "RC4", "SM3", "SM4", "CHAR_DIGEST_LIKE"}) {
    EXPECT_TRUE(AlgorithmRegistry::Global().Has(AlgorithmKind::Encryptor, type)) << type;
  }
}

}  // namespace
}  // namespace sqlroute
