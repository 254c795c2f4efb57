// SM4: SM4 in `sm4-mode` ECB or CBC with PKCS#5/#7 padding, hex key `sm4-key` and (CBC) hex
// IV `sm4-iv`, 16 bytes each; ciphertext in lowercase hex.
#include <cryptopp/modes.h>
#include <cryptopp/sm4.h>

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

constexpr std::size_t kBlockBytes = 16;

std::string Upper(std::string text) {
  std::transform(text.begin(), text.end(), text.begin(), [](unsigned char c) { return static_cast<char>(std::toupper(c)); });
  return text;
}

using Sm4Ecb = CryptoPP::ECB_Mode<CryptoPP::SM4>;
using Sm4Cbc = CryptoPP::CBC_Mode<CryptoPP::SM4>;

// A 16-byte value written as 32 hex digits; the message never shows the value.
std::string HexBlockProp(const Props& props, const std::string& key, const std::string& path) {
  auto bytes = HexDecode(PropOr(props, key, ""));
  if (!bytes || bytes->size() != kBlockBytes) throw Error(Message<msg::Sm4KeyLength>(arg::key = key), path);
  return *bytes;
}

class Sm4Encryptor final : public TextEncryptor {
 public:
  Sm4Encryptor(std::string key, bool cbc, std::string iv) : key_(std::move(key)), cbc_(cbc), iv_(std::move(iv)) {}
  bool SupportsDecrypt() const override { return true; }

 protected:
  std::string EncryptText(const std::string& plain) const override {
    if (cbc_) return HexEncode(PaddedEncrypt(ThreadLocalMode<Sm4Cbc::Encryption>(owner_, key_, iv_), plain));
    return HexEncode(PaddedEncrypt(ThreadLocalMode<Sm4Ecb::Encryption>(owner_, key_), plain));
  }
  std::string DecryptText(const std::string& cipher) const override {
    auto bytes = HexDecode(cipher);
    if (!bytes) throw Error(Message<msg::CipherNotHex>(arg::algorithm = "SM4"));
    if (cbc_) return SanitizeUtf8(PaddedDecrypt(ThreadLocalMode<Sm4Cbc::Decryption>(owner_, key_, iv_), *bytes, "SM4"));
    return SanitizeUtf8(PaddedDecrypt(ThreadLocalMode<Sm4Ecb::Decryption>(owner_, key_), *bytes, "SM4"));
  }

 private:
  std::string key_;
  bool cbc_;
  std::string iv_;
  uint64_t owner_ = NextCipherOwnerId();
};

}  // namespace

std::shared_ptr<const Encryptor> CreateSm4Encryptor(const Props& props, const std::string& path) {
  std::string key = HexBlockProp(props, "sm4-key", path);
  std::string mode = Upper(PropOr(props, "sm4-mode", ""));
  if (mode != "ECB" && mode != "CBC") throw Error(Message<msg::Sm4Mode>(), path);
  std::string padding = Upper(PropOr(props, "sm4-padding", ""));
  if (padding != "PKCS5PADDING" && padding != "PKCS7PADDING") {
    throw Error(Message<msg::Sm4Padding>(), path);
  }
  bool cbc = mode == "CBC";
  std::string iv = cbc ? HexBlockProp(props, "sm4-iv", path) : std::string();
  return std::make_shared<Sm4Encryptor>(std::move(key), cbc, std::move(iv));
}

}  // namespace sqlroute::encrypt
