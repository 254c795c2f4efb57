// RC4: the RC4 key stream over the UTF-8 plaintext with the UTF-8 key `rc4-key-value`
// (5 to 255 bytes); ciphertext in Base64.
#define CRYPTOPP_ENABLE_NAMESPACE_WEAK 1
#include <cryptopp/arc4.h>

#include "common/text_codec.h"
#include "encrypt/encryptor_props.h"
#include "encrypt/encryptors.h"
#include "encrypt/text_encryptor.h"
#include "sqlroute/error_text.h"

namespace sqlroute::encrypt {

namespace {

class Rc4Encryptor final : public TextEncryptor {
 public:
  explicit Rc4Encryptor(std::string key) : key_(std::move(key)) {}
  bool SupportsDecrypt() const override { return true; }

 protected:
  std::string EncryptText(const std::string& plain) const override { return Base64Encode(Apply(plain)); }
  std::string DecryptText(const std::string& cipher) const override {
    auto bytes = Base64Decode(cipher);
    if (!bytes) throw Error(Message<msg::CipherNotBase64>(arg::algorithm = "RC4"));
    return SanitizeUtf8(Apply(*bytes));
  }

 private:
  // RC4 is symmetric: the same key stream encrypts and decrypts.
  std::string Apply(std::string text) const {
    CryptoPP::Weak::ARC4 rc4(reinterpret_cast<const CryptoPP::byte*>(key_.data()), key_.size());
    rc4.ProcessString(reinterpret_cast<CryptoPP::byte*>(text.data()), text.size());
    return text;
  }
  std::string key_;
};

}  // namespace

std::shared_ptr<const Encryptor> CreateRc4Encryptor(const Props& props, const std::string& path) {
  std::string key = PropOr(props, "rc4-key-value", "");
  if (key.size() < 5 || key.size() > 255) throw Error(Message<msg::Rc4KeyLength>(), path);
  return std::make_shared<Rc4Encryptor>(std::move(key));
}

}  // namespace sqlroute::encrypt
