#pragma once
// Block-cipher plumbing shared by AES and SM4: PKCS#5/#7 padded encryption with 16-byte
// blocks (Java's "<cipher>/<mode>/PKCS5Padding"), and per-thread keyed mode objects.
#include <atomic>
#include <cstdint>
#include <string>
#include <string_view>

#include <cryptopp/cryptlib.h>

namespace sqlroute::encrypt {

std::string PaddedEncrypt(CryptoPP::StreamTransformation& mode, std::string_view plain);
// Throws Error(DECRYPT_FAILED) naming `algorithm` on a bad length or bad padding.
std::string PaddedDecrypt(CryptoPP::StreamTransformation& mode, std::string_view cipher, const char* algorithm);

// A process-unique id for an encryptor instance, used to tag cached keyed modes.
inline uint64_t NextCipherOwnerId() {
  static std::atomic<uint64_t> next{1};
  return next.fetch_add(1);
}

// The calling thread's `Mode` object keyed with `key` (and reset to `iv` when one is given).
// Crypto++ mode objects keep mutable scratch space, so they cannot be shared between threads,
// and building one per call costs more than the encryption itself; each thread keeps one per
// Mode type and re-keys it only when another encryptor (`owner`) used it last.
template <class Mode>
Mode& ThreadLocalMode(uint64_t owner, std::string_view key, std::string_view iv = {}) {
  thread_local uint64_t keyed_for = 0;
  thread_local Mode mode;
  const auto* key_bytes = reinterpret_cast<const CryptoPP::byte*>(key.data());
  const auto* iv_bytes = reinterpret_cast<const CryptoPP::byte*>(iv.data());
  if (keyed_for != owner) {
    if (iv.empty()) {
      mode.SetKey(key_bytes, key.size());
    } else {
      mode.SetKeyWithIV(key_bytes, key.size(), iv_bytes, iv.size());
    }
    keyed_for = owner;
  } else if (!iv.empty()) {
    mode.Resynchronize(iv_bytes, static_cast<int>(iv.size()));
  }
  return mode;
}

}  // namespace sqlroute::encrypt
