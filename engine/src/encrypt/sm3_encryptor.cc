// SM3: lowercase hex of SM3(UTF-8 plain + `sm3-salt`); the salt is empty or exactly 8
// characters. Not reversible: Decrypt returns its input unchanged, as ShardingSphere does.
#include <cryptopp/sm3.h>

#include "common/text_codec.h"
#include "encrypt/encryptor_props.h"
#include "encrypt/encryptors.h"
#include "encrypt/text_encryptor.h"
#include "sqlroute/error_text.h"

namespace sqlroute::encrypt {

namespace {

class Sm3Encryptor final : public TextEncryptor {
 public:
  explicit Sm3Encryptor(std::string salt) : salt_(std::move(salt)) {}
  bool SupportsDecrypt() const override { return false; }

 protected:
  std::string EncryptText(const std::string& plain) const override {
    thread_local CryptoPP::SM3 sm3;  // Final() restarts it; a fresh object costs an allocation
    sm3.Update(reinterpret_cast<const CryptoPP::byte*>(plain.data()), plain.size());
    sm3.Update(reinterpret_cast<const CryptoPP::byte*>(salt_.data()), salt_.size());
    std::string digest(CryptoPP::SM3::DIGESTSIZE, '\0');
    sm3.Final(reinterpret_cast<CryptoPP::byte*>(digest.data()));
    return HexEncode(digest);
  }
  std::string DecryptText(const std::string& cipher) const override { return cipher; }

 private:
  std::string salt_;
};

}  // namespace

std::shared_ptr<const Encryptor> CreateSm3Encryptor(const Props& props, const std::string& path) {
  std::string salt = PropOr(props, "sm3-salt", "");
  if (!salt.empty() && JavaLength(salt) != 8) throw Error(Message<msg::Sm3SaltLength>(), path);
  return std::make_shared<Sm3Encryptor>(std::move(salt));
}

}  // namespace sqlroute::encrypt
