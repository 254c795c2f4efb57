// MD5 (an assisted-query encryptor): lowercase hex of MD5(plain + `salt`); not reversible.
#define CRYPTOPP_ENABLE_NAMESPACE_WEAK 1
#include <cryptopp/md5.h>

#include "common/text_codec.h"
#include "encrypt/encryptor_props.h"
#include "encrypt/encryptors.h"
#include "encrypt/text_encryptor.h"
#include "sqlroute/error_text.h"

namespace sqlroute::encrypt {

namespace {

class Md5Encryptor final : public TextEncryptor {
 public:
  explicit Md5Encryptor(std::string salt) : salt_(std::move(salt)) {}
  bool SupportsDecrypt() const override { return false; }

 protected:
  std::string EncryptText(const std::string& plain) const override {
    thread_local CryptoPP::Weak::MD5 md5;  // Final() restarts it; a fresh object costs an allocation
    md5.Update(reinterpret_cast<const CryptoPP::byte*>(plain.data()), plain.size());
    md5.Update(reinterpret_cast<const CryptoPP::byte*>(salt_.data()), salt_.size());
    std::string digest(CryptoPP::Weak::MD5::DIGESTSIZE, '\0');
    md5.Final(reinterpret_cast<CryptoPP::byte*>(digest.data()));
    return HexEncode(digest);
  }
  std::string DecryptText(const std::string&) const override {
    throw Error(Message<msg::DecryptUnsupported>(arg::algorithm = "MD5"));
  }

 private:
  std::string salt_;
};

}  // namespace

std::shared_ptr<const Encryptor> CreateMd5Encryptor(const Props& props, const std::string& path) {
  return std::make_shared<Md5Encryptor>(PropOr(props, "salt", ""));
}

}  // namespace sqlroute::encrypt
