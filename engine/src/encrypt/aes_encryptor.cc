// AES: AES-128/ECB/PKCS5Padding with the key taken from the first 16 bytes of a digest of
// `aes-key-value` (`digest-algorithm-name`, default SHA-1); ciphertext in Base64.
#define CRYPTOPP_ENABLE_NAMESPACE_WEAK 1
#include <cryptopp/aes.h>
#include <cryptopp/md5.h>
#include <cryptopp/modes.h>
#include <cryptopp/sha.h>

#include <algorithm>
#include <cctype>

#include "common/text_codec.h"
#include "encrypt/block_cipher.h"
#include "encrypt/encryptor_props.h"
#include "encrypt/encryptors.h"
#include "encrypt/text_encryptor.h"
#include "sqlroute/error_text.h"

namespace sqlroute::encrypt {

namespace {

std::unique_ptr<CryptoPP::HashTransformation> CreateDigest(const std::string& name) {
  if (name == "MD5") return std::make_unique<CryptoPP::Weak::MD5>();
  if (name == "SHA-1") return std::make_unique<CryptoPP::SHA1>();
  if (name == "SHA-224") return std::make_unique<CryptoPP::SHA224>();
  if (name == "SHA-256") return std::make_unique<CryptoPP::SHA256>();
  if (name == "SHA-384") return std::make_unique<CryptoPP::SHA384>();
  if (name == "SHA-512") return std::make_unique<CryptoPP::SHA512>();
  return nullptr;
}

class AesEncryptor final : public TextEncryptor {
 public:
  explicit AesEncryptor(std::string key) : key_(std::move(key)) {}
  bool SupportsDecrypt() const override { return true; }

 protected:
  std::string EncryptText(const std::string& plain) const override {
    auto& mode = ThreadLocalMode<CryptoPP::ECB_Mode<CryptoPP::AES>::Encryption>(owner_, key_);
    return Base64Encode(PaddedEncrypt(mode, plain));
  }
  std::string DecryptText(const std::string& cipher) const override {
    auto bytes = Base64Decode(JavaTrim(cipher));
    if (!bytes) throw Error(Message<msg::CipherNotBase64>(arg::algorithm = "AES"));
    auto& mode = ThreadLocalMode<CryptoPP::ECB_Mode<CryptoPP::AES>::Decryption>(owner_, key_);
    return SanitizeUtf8(PaddedDecrypt(mode, *bytes, "AES"));
  }

 private:
  std::string key_;
  uint64_t owner_ = NextCipherOwnerId();
};

}  // namespace

std::shared_ptr<const Encryptor> CreateAesEncryptor(const Props& props, const std::string& path) {
  std::string secret = PropOr(props, "aes-key-value", "");
  if (secret.empty()) throw Error(Message<msg::AesKeyEmpty>(), path);
  std::string digest_name = PropOr(props, "digest-algorithm-name", "SHA-1");
  std::transform(digest_name.begin(), digest_name.end(), digest_name.begin(),
                 [](unsigned char c) { return static_cast<char>(std::toupper(c)); });
  auto digest = CreateDigest(digest_name);
  if (!digest) {
    throw Error(Message<msg::AesDigestUnsupported>(arg::name = digest_name), path);
  }
  std::string hash(digest->DigestSize(), '\0');
  digest->CalculateDigest(reinterpret_cast<CryptoPP::byte*>(hash.data()),
                          reinterpret_cast<const CryptoPP::byte*>(secret.data()), secret.size());
  hash.resize(CryptoPP::AES::DEFAULT_KEYLENGTH);
  return std::make_shared<AesEncryptor>(std::move(hash));
}

}  // namespace sqlroute::encrypt
