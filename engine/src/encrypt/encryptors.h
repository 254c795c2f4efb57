#pragma once
// Factories of the built-in encryptors (ShardingSphere's *EncryptAlgorithm classes), registered by
// RegisterEncryptors().
#include <memory>
#include <string>

#include "sqlroute/algorithm.h"

namespace sqlroute::encrypt {

std::shared_ptr<const Encryptor> CreateAesEncryptor(const Props& props, const std::string& path);
std::shared_ptr<const Encryptor> CreateMd5Encryptor(const Props& props, const std::string& path);
std::shared_ptr<const Encryptor> CreateRc4Encryptor(const Props& props, const std::string& path);
std::shared_ptr<const Encryptor> CreateSm3Encryptor(const Props& props, const std::string& path);
std::shared_ptr<const Encryptor> CreateSm4Encryptor(const Props& props, const std::string& path);
std::shared_ptr<const Encryptor> CreateCharDigestLikeEncryptor(const Props& props, const std::string& path);

}  // namespace sqlroute::encrypt
