#pragma once
// Java's hashCode() of the object ShardingSphere would see for a value, as HashModShardingAlgorithm
// hashes it.
#include <cstdint>
#include <optional>

#include "sqlroute/value.h"

namespace sqlroute::algorithm {

// Integer, Long, BigInteger, BigDecimal, Double, Boolean and String (UTF-16 code units) hash codes.
// nullopt for kinds whose Java hash is not reproducible here (byte[] identity hash, dates that
// depend on the JVM time zone) and for NULL.
std::optional<int32_t> JavaHashCode(const Value& value);

}  // namespace sqlroute::algorithm
