#pragma once
// UUID (ShardingSphere's UUIDKeyGenerateAlgorithm): 32 lowercase hex digits of 128 random bits, no
// RFC 4122 version/variant bits.
#include <memory>

#include "sqlroute/algorithm.h"

namespace sqlroute::algorithm {

std::shared_ptr<const KeyGenerator> CreateUuidKeyGenerator(const Props& props, const std::string& path);

}  // namespace sqlroute::algorithm
