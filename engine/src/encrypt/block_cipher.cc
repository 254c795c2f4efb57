#include "encrypt/block_cipher.h"

#include "sqlroute/error_text.h"

namespace sqlroute::encrypt {

namespace {
constexpr std::size_t kBlockSize = 16;

CryptoPP::byte* Bytes(std::string& text) { return reinterpret_cast<CryptoPP::byte*>(text.data()); }
}  // namespace

std::string PaddedEncrypt(CryptoPP::StreamTransformation& mode, std::string_view plain) {
  std::size_t padding = kBlockSize - plain.size() % kBlockSize;
  std::string buffer;
  buffer.reserve(plain.size() + padding);
  buffer.append(plain).append(padding, static_cast<char>(padding));
  mode.ProcessString(Bytes(buffer), buffer.size());
  return buffer;
}

std::string PaddedDecrypt(CryptoPP::StreamTransformation& mode, std::string_view cipher, const char* algorithm) {
  if (cipher.empty() || cipher.size() % kBlockSize != 0) {
    throw Error(Message<msg::CipherLengthInvalid>(arg::algorithm = algorithm));
  }
  std::string buffer(cipher);
  mode.ProcessString(Bytes(buffer), buffer.size());
  auto padding = static_cast<unsigned char>(buffer.back());
  bool valid = padding >= 1 && padding <= kBlockSize;
  for (std::size_t i = 0; valid && i < padding; ++i) valid = static_cast<unsigned char>(buffer[buffer.size() - 1 - i]) == padding;
  if (!valid) {
    throw Error(Message<msg::CipherPaddingInvalid>(arg::algorithm = algorithm));
  }
  buffer.resize(buffer.size() - padding);
  return buffer;
}

}  // namespace sqlroute::encrypt
