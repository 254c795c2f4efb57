// Reversible encryptors (AES, RC4, SM4 ECB/CBC): decrypt(encrypt(x)) == x over fixed and
// random Unicode strings.
#include <gtest/gtest.h>

#include <random>

#include "common/text_codec.h"
#include "sqlroute/algorithm.h"
#include "sqlroute/error.h"

namespace sqlroute {
namespace {

struct Reversible {
  std::string type;
  Props props;
};

std::vector<Reversible> ReversibleEncryptors() {
  return {
      {"AES", {{"aes-key-value", "test"}}},
      {"AES", {{"aes-key-value", "another key"}, {"digest-algorithm-name", "SHA-256"}}},
      {"AES", {{"aes-key-value", "k"}, {"digest-algorithm-name", "MD5"}}},
      {"AES", {{"aes-key-value", "k"}, {"digest-algorithm-name", "SHA-512"}}},
      {"RC4", {{"rc4-key-value", "test-sharding"}}},
      {"SM4", {{"sm4-key", "4D744E003D713D054E7E407C350E447E"}, {"sm4-mode", "ECB"}, {"sm4-padding", "PKCS5Padding"}}},
      {"SM4",
       {{"sm4-key", "f201326119911788cFd30575b81059ac"},
        {"sm4-mode", "cbc"},
        {"sm4-iv", "e166c3391294E69cc4c620f594fe00d7"},
        {"sm4-padding", "pkcs7padding"}}},
  };
}

// Appends the UTF-8 encoding of a random code point (BMP or supplementary, no surrogates).
void AppendRandomCodePoint(std::mt19937& rng, std::string& out) {
  static const std::vector<std::pair<char32_t, char32_t>> kRanges = {
      {0x20, 0x7E}, {0xA0, 0x7FF}, {0x4E00, 0x9FFF}, {0xAC00, 0xD7A3}, {0xE000, 0xFFFD}, {0x1F300, 0x1FAFF}};
  const auto& range = kRanges[std::uniform_int_distribution<std::size_t>(0, kRanges.size() - 1)(rng)];
  char32_t cp = std::uniform_int_distribution<char32_t>(range.first, range.second)(rng);
  AppendUtf8(out, cp);
}

TEST(EncryptRoundTrip, FixedStrings) {
  const std::vector<std::string> samples = {"", "a", "test", "0123456789abcdef", "0123456789abcdef0",
                                            "中国", "한국어시험", "emoji 😀 mix", "quote ' and \\ slash",
                                            std::string(1000, 'x')};
  for (const auto& each : ReversibleEncryptors()) {
    auto encryptor = AlgorithmRegistry::Global().CreateEncryptor(each.type, each.props, "encryptors.test");
    ASSERT_TRUE(encryptor->SupportsDecrypt()) << each.type;
    for (const auto& plain : samples) {
      Value cipher = encryptor->Encrypt(Value::String(plain));
      EXPECT_EQ(encryptor->Decrypt(cipher), Value::String(plain)) << each.type << " " << plain;
    }
  }
}

TEST(EncryptRoundTrip, RandomUnicodeStrings) {
  std::mt19937 rng(20240601);
  for (const auto& each : ReversibleEncryptors()) {
    auto encryptor = AlgorithmRegistry::Global().CreateEncryptor(each.type, each.props, "encryptors.test");
    for (int iteration = 0; iteration < 500; ++iteration) {
      std::string plain;
      int length = std::uniform_int_distribution<int>(0, 40)(rng);
      for (int i = 0; i < length; ++i) AppendRandomCodePoint(rng, plain);
      Value cipher = encryptor->Encrypt(Value::String(plain));
      if (!plain.empty()) ASSERT_NE(cipher.text(), plain) << each.type;
      ASSERT_EQ(encryptor->Decrypt(cipher), Value::String(plain)) << each.type << " " << plain;
    }
  }
}

TEST(EncryptRoundTrip, AesDecryptTrimsItsInput) {
  auto aes = AlgorithmRegistry::Global().CreateEncryptor("AES", {{"aes-key-value", "test"}}, "encryptors.test");
  EXPECT_EQ(aes->Decrypt(Value::String("  dSpPiyENQGDUXMKFMJPGWA==\n")), Value::String("test"));
}

TEST(EncryptRoundTrip, MalformedCipherTextIsADecryptError) {
  auto& registry = AlgorithmRegistry::Global();
  auto aes = registry.CreateEncryptor("AES", {{"aes-key-value", "test"}}, "encryptors.test");
  auto rc4 = registry.CreateEncryptor("RC4", {{"rc4-key-value", "test-sharding"}}, "encryptors.test");
  auto sm4 = registry.CreateEncryptor(
      "SM4", {{"sm4-key", "4D744E003D713D054E7E407C350E447E"}, {"sm4-mode", "ECB"}, {"sm4-padding", "PKCS5Padding"}},
      "encryptors.test");
  const std::vector<std::pair<const Encryptor*, std::string>> bad_inputs = {
      {aes.get(), "not base64!"},  // bad alphabet
      {aes.get(), "dSpPiyENQGDUXMKF"},  // 12 bytes: not a whole block
      {aes.get(), "AAAAAAAAAAAAAAAAAAAAAA=="},  // a block whose padding is wrong
      {rc4.get(), "@@@"},
      {sm4.get(), "zz"},
      {sm4.get(), "00"}};
  for (const auto& [encryptor, cipher] : bad_inputs) {
    try {
      encryptor->Decrypt(Value::String(cipher));
      ADD_FAILURE() << "accepted " << cipher;
    } catch (const Error& error) {
      EXPECT_EQ(error.code(), ErrorCode::DECRYPT_FAILED) << cipher;
    }
  }
}

}  // namespace
}  // namespace sqlroute
