#include "algorithm/builtins.h"
#include "encrypt/encryptors.h"

namespace sqlroute {

void RegisterEncryptors(AlgorithmRegistry& registry) {
  registry.RegisterEncryptor("AES", encrypt::CreateAesEncryptor);
  registry.RegisterEncryptor("MD5", encrypt::CreateMd5Encryptor);
  registry.RegisterEncryptor("RC4", encrypt::CreateRc4Encryptor);
  registry.RegisterEncryptor("SM3", encrypt::CreateSm3Encryptor);
  registry.RegisterEncryptor("SM4", encrypt::CreateSm4Encryptor);
  registry.RegisterEncryptor("CHAR_DIGEST_LIKE", encrypt::CreateCharDigestLikeEncryptor);
}

}  // namespace sqlroute
