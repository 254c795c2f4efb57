// MOD's and HASH_MOD's partition fast paths (int64 arithmetic, no normalised copies) against
// references written with the Java-like big-number helpers, over random values including the
// int64 edges and integers beyond 64 bits.
#include <cstdlib>
#include <limits>
#include <random>

#include "algorithm/sharding/java_hash_code.h"
#include "algorithm/sharding/java_numbers.h"
#include "algorithm_test_support.h"

namespace sqlroute {
namespace {

using algorithm::JavaBigInteger;
using algorithm_test::Names;
using algorithm_test::Standard;
using algorithm_test::Target;

std::vector<Value> RandomValues() {
  std::mt19937_64 random(3);
  std::vector<Value> result;
  const int64_t edges[] = {std::numeric_limits<int64_t>::min(), std::numeric_limits<int64_t>::max(),
                           std::numeric_limits<int64_t>::min() + 1, -1, 0, 1, 2147483647, -2147483648LL,
                           2147483648LL, -2147483649LL};
  for (int64_t each : edges) result.push_back(Value::Long(each));
  const char* bigs[] = {"9223372036854775808", "-9223372036854775809", "18446744073709551616",
                        "-18446744073709551617", "123456789012345678901234567890", "-2147483648", "2147483647", "0"};
  for (const char* each : bigs) result.push_back(Value::BigInt(each));
  for (int i = 0; i < 3000; ++i) {
    auto bits = static_cast<int64_t>(random());
    switch (i % 7) {
      case 0: result.push_back(Value::Int(static_cast<int32_t>(bits))); break;
      case 1: result.push_back(Value::Long(bits)); break;
      case 2: result.push_back(Value::Long(bits % 5000)); break;
      case 3: result.push_back(Value::BigInt(std::to_string(bits) + std::to_string(random() % 1000000))); break;
      case 4: result.push_back(Value::Decimal(std::to_string(bits % 100000) + ".5")); break;
      case 5: result.push_back(Value::Double(static_cast<double>(bits % 1000000) / 4)); break;
      default: result.push_back(Value::String(std::to_string(bits))); break;
    }
  }
  return result;
}

// MOD as BigInteger arithmetic: Numbers by longValue(), other values by their text.
int64_t ModByBigInteger(const Value& value, int64_t count) {
  if (auto number = algorithm::JavaLongValue(value)) return JavaBigInteger::FromLong(*number).Mod(count);
  return JavaBigInteger::Parse(value.ToJavaString())->Mod(count);
}

// HASH_MOD by hashing the normalised copy of the value (an Integer when it fits and normalising).
int64_t HashModByCopy(const Value& value, int64_t count, bool normalize) {
  Value hashed = value;
  if (normalize && (value.kind() == Value::Kind::Long || value.kind() == Value::Kind::BigInt)) {
    auto number = value.kind() == Value::Kind::Long ? std::optional<__int128>(value.int_value())
                                                    : JavaBigInteger::Parse(value.text())->ToInt128();
    if (number && *number >= std::numeric_limits<int32_t>::min() && *number <= std::numeric_limits<int32_t>::max()) {
      hashed = Value::Int(static_cast<int32_t>(*number));
    }
  }
  return std::llabs(static_cast<int64_t>(*algorithm::JavaHashCode(hashed))) % count;
}

TEST(PartitionFastPathTest, ModPartitionEqualsBigIntegerModulo) {
  for (int64_t count : {1, 4, 10, 97, 2147483647}) {
    auto mod = Standard("MOD", {{"sharding-count", std::to_string(count)}});
    const PrecisePartitions* partitions = mod->precise_partitions();
    ASSERT_NE(partitions, nullptr);
    for (const auto& value : RandomValues()) {
      EXPECT_EQ(partitions->PrecisePartition(value), ModByBigInteger(value, count)) << value.ToDisplay() << " % " << count;
    }
  }
}

TEST(PartitionFastPathTest, HashModPartitionEqualsHashOfNormalisedCopy) {
  for (bool normalize : {false, true}) {
    for (int64_t count : {1, 3, 10, 2147483647}) {
      auto hash_mod = Standard("HASH_MOD", {{"sharding-count", std::to_string(count)},
                                            {"normalize-numeric-int-range", normalize ? "true" : "false"}});
      const PrecisePartitions* partitions = hash_mod->precise_partitions();
      ASSERT_NE(partitions, nullptr);
      for (const auto& value : RandomValues()) {
        EXPECT_EQ(partitions->PrecisePartition(value), HashModByCopy(value, count, normalize)) << value.ToDisplay();
      }
    }
  }
}

TEST(PartitionFastPathTest, DoShardingPicksTheTargetOfThePartitionSuffix) {
  auto mod = Standard("MOD", {{"sharding-count", "100"}, {"zero-padding", "true"}});
  const PrecisePartitions* partitions = mod->precise_partitions();
  EXPECT_EQ(partitions->PartitionSuffix(7), "07");
  EXPECT_EQ(partitions->PartitionSuffix(42), "42");
  auto tables = Names("t_order_", 100, 2);
  for (const auto& value : RandomValues()) {
    std::string expected = "t_order_" + partitions->PartitionSuffix(partitions->PrecisePartition(value));
    EXPECT_EQ(mod->DoSharding(tables, Target("t_order_", 1), value), expected) << value.ToDisplay();
  }
}

TEST(PartitionFastPathTest, PartitionErrorsAreDoShardingErrors) {
  auto mod = Standard("MOD", {{"sharding-count", "4"}});
  auto hash_mod = Standard("HASH_MOD", {{"sharding-count", "4"}});
  EXPECT_SQLROUTE_ERROR(mod->precise_partitions()->PrecisePartition(Value::Null()), SHARDING_VALUE_NULL,
                        "Sharding value can't be null in sql statement.");
  EXPECT_SQLROUTE_ERROR(hash_mod->precise_partitions()->PrecisePartition(Value::Null()), SHARDING_VALUE_NULL,
                        "Sharding value can't be null in sql statement.");
  EXPECT_SQLROUTE_ERROR(mod->precise_partitions()->PrecisePartition(Value::String("abc")), SHARDING_VALUE_INVALID,
                        "Invalid sharding value 'abc' for MOD sharding algorithm: not an integer.");
}

TEST(PartitionFastPathTest, OtherBuiltinsKeepTheGeneralPath) {
  EXPECT_EQ(Standard("INLINE", {{"algorithm-expression", "t_order_${order_id % 2}"}})->precise_partitions(), nullptr);
  EXPECT_EQ(Standard("VOLUME_RANGE", {{"range-lower", "10"}, {"range-upper", "40"}, {"sharding-volume", "10"}})
                ->precise_partitions(),
            nullptr);
}

}  // namespace
}  // namespace sqlroute
