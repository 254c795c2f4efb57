#include "native_password.h"

#include <crypto++/osrng.h>
#include <crypto++/sha.h>

namespace sqlroute::proxy {

namespace {

std::string Sha1(std::string_view a, std::string_view b = {}) {
  CryptoPP::SHA1 hash;
  hash.Update(reinterpret_cast<const CryptoPP::byte*>(a.data()), a.size());
  hash.Update(reinterpret_cast<const CryptoPP::byte*>(b.data()), b.size());
  std::string digest(CryptoPP::SHA1::DIGESTSIZE, '\0');
  hash.Final(reinterpret_cast<CryptoPP::byte*>(digest.data()));
  return digest;
}

}  // namespace

std::string NewScramble() {
  thread_local CryptoPP::AutoSeededRandomPool random;
  std::string scramble(20, '\0');
  random.GenerateBlock(reinterpret_cast<CryptoPP::byte*>(scramble.data()), scramble.size());
  for (char& c : scramble) c = static_cast<char>(33 + static_cast<unsigned char>(c) % 94);
  return scramble;
}

std::string NativePasswordToken(std::string_view password, std::string_view scramble) {
  if (password.empty()) return {};
  std::string stage1 = Sha1(password);
  std::string mask = Sha1(scramble.substr(0, 20), Sha1(stage1));
  for (std::size_t i = 0; i < stage1.size(); ++i) stage1[i] = static_cast<char>(stage1[i] ^ mask[i]);
  return stage1;
}

bool NativePasswordMatches(std::string_view password, std::string_view scramble, std::string_view token) {
  std::string expected = NativePasswordToken(password, scramble);
  if (expected.size() != token.size()) return false;
  unsigned char difference = 0;
  for (std::size_t i = 0; i < expected.size(); ++i) difference |= expected[i] ^ token[i];
  return difference == 0;
}

}  // namespace sqlroute::proxy
