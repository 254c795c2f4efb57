// Encryptor instances are shared by every routing thread: results must not depend on which
// thread or which other encryptor ran before (the block ciphers keep per-thread key state).
#include <gtest/gtest.h>

#include <atomic>
#include <thread>

#include "sqlroute/algorithm.h"

namespace sqlroute {
namespace {

TEST(EncryptConcurrency, SharedInstancesAcrossThreadsGiveStableResults) {
  auto& registry = AlgorithmRegistry::Global();
  const std::vector<std::shared_ptr<const Encryptor>> encryptors = {
      registry.CreateEncryptor("AES", {{"aes-key-value", "test"}}, "e"),
      registry.CreateEncryptor("AES", {{"aes-key-value", "other"}}, "e"),
      registry.CreateEncryptor("SM4",
                               {{"sm4-key", "f201326119911788cFd30575b81059ac"},
                                {"sm4-mode", "CBC"},
                                {"sm4-iv", "e166c3391294E69cc4c620f594fe00d7"},
                                {"sm4-padding", "PKCS7Padding"}},
                               "e"),
      registry.CreateEncryptor("SM4",
                               {{"sm4-key", "4D744E003D713D054E7E407C350E447E"}, {"sm4-mode", "ECB"}, {"sm4-padding", "PKCS5Padding"}},
                               "e"),
      registry.CreateEncryptor("MD5", {}, "e"),
      registry.CreateEncryptor("SM3", {{"sm3-salt", "test1234"}}, "e"),
  };
  const std::vector<std::string> plains = {"test", "0123456789abcdef0123", "中国"};
  std::vector<std::vector<std::string>> expected;
  for (const auto& encryptor : encryptors) {
    expected.emplace_back();
    for (const auto& plain : plains) expected.back().push_back(encryptor->Encrypt(Value::String(plain)).text());
  }
  EXPECT_EQ(expected[0][0], "dSpPiyENQGDUXMKFMJPGWA==");
  EXPECT_EQ(expected[2][0], "dca2127b57ba8cac36a0914e0208dc11");

  std::atomic<int> mismatches{0};
  std::vector<std::thread> threads;
  for (int t = 0; t < 4; ++t) {
    threads.emplace_back([&, t] {
      for (int i = 0; i < 2000; ++i) {
        std::size_t e = static_cast<std::size_t>(i * 7 + t) % encryptors.size();
        std::size_t p = static_cast<std::size_t>(i + t) % plains.size();
        Value cipher = encryptors[e]->Encrypt(Value::String(plains[p]));
        if (cipher.text() != expected[e][p]) ++mismatches;
        if (encryptors[e]->SupportsDecrypt() && encryptors[e]->Decrypt(cipher) != Value::String(plains[p])) ++mismatches;
      }
    });
  }
  for (auto& thread : threads) thread.join();
  EXPECT_EQ(mismatches.load(), 0);
}

}  // namespace
}  // namespace sqlroute
