#include "algorithm_test_support.h"

namespace sqlroute {
namespace {

using algorithm_test::Names;
using algorithm_test::Range;
using algorithm_test::Standard;
using algorithm_test::Target;

struct Case {
  Value value;
  std::string expected;
};

TEST(HashModShardingAlgorithmTest, JavaTypeDecidesTheHashOfMinusOne) {
  auto hash_mod = Standard("HASH_MOD", {{"sharding-count", "4"}});
  auto tables = Names("t_order_", 4);
  EXPECT_EQ(hash_mod->DoSharding(tables, Target(), Value::Int(-1)), "t_order_1");
  EXPECT_EQ(hash_mod->DoSharding(tables, Target(), Value::Long(-1)), "t_order_0");
  EXPECT_EQ(hash_mod->DoSharding(tables, Target(), Value::BigInt("-1")), "t_order_1");
  EXPECT_EQ(hash_mod->DoSharding(tables, Target(), Value::String("a")), "t_order_1");
  EXPECT_EQ(hash_mod->AutoTablesAmount(), 4);
}

TEST(HashModShardingAlgorithmTest, NormalizedIntRangeHashesLongAndBigIntegerAsInteger) {
  auto hash_mod = Standard("HASH_MOD", {{"sharding-count", "4"}, {"normalize-numeric-int-range", "true"}});
  auto tables = Names("t_order_", 4);
  EXPECT_EQ(hash_mod->DoSharding(tables, Target(), Value::Int(-1)), "t_order_1");
  EXPECT_EQ(hash_mod->DoSharding(tables, Target(), Value::Long(-1)), "t_order_1");
  EXPECT_EQ(hash_mod->DoSharding(tables, Target(), Value::BigInt("-1")), "t_order_1");
  // Outside int range the legacy hash stays: (int)(2^40 ^ 2^8) = 256.
  auto legacy = Standard("HASH_MOD", {{"sharding-count", "10"}});
  auto normalized = Standard("HASH_MOD", {{"sharding-count", "10"}, {"normalize-numeric-int-range", "TRUE"}});
  auto ten = Names("t_", 10);
  EXPECT_EQ(normalized->DoSharding(ten, Target("t_"), Value::Long(1099511627776LL)), "t_6");
  EXPECT_EQ(legacy->DoSharding(ten, Target("t_"), Value::Long(1099511627776LL)), "t_6");
  EXPECT_EQ(normalized->DoSharding(ten, Target("t_"), Value::BigInt("18446744073709551616")), "t_1");
}

TEST(HashModShardingAlgorithmTest, JavaHashCodesOfEveryKind) {
  auto hash_mod = Standard("HASH_MOD", {{"sharding-count", "10"}});
  auto tables = Names("t_", 10);
  Case cases[] = {
      {Value::Int(-2147483647 - 1), "t_8"},       // Math.abs((long) MIN_VALUE) = 2147483648
      {Value::Int(123), "t_3"},
      {Value::Long(1099511627776LL), "t_6"},
      {Value::BigInt("12345678901234567890123"), "t_6"},
      {Value::BigInt("-98765432109876543210"), "t_7"},
      {Value::BigInt("18446744073709551616"), "t_1"},
      {Value::Decimal("1.50"), "t_2"},             // 31 * 150 + 2
      {Value::Decimal("-3"), "t_3"},               // 31 * -3 + 0
      {Value::Decimal("1E+3"), "t_8"},             // 31 * 1 - 3
      {Value::Decimal("1234567890123456789.01"), "t_2"},
      {Value::Double(1.5), "t_6"},                 // 0x3FF80000
      {Value::Bool(true), "t_1"},                  // 1231
      {Value::String("a"), "t_7"},
      {Value::String("订单"), "t_9"},
      {Value::String("x😀y"), "t_0"},              // surrogate pair hashed as two UTF-16 units
      {Value::String("hello world"), "t_2"},
  };
  for (const auto& each : cases) {
    EXPECT_EQ(hash_mod->DoSharding(tables, Target("t_"), each.value), each.expected) << each.value.ToDisplay();
  }
}

TEST(HashModShardingAlgorithmTest, RangeTouchesEveryTarget) {
  auto hash_mod = Standard("HASH_MOD", {{"sharding-count", "4"}});
  auto tables = Names("t_order_", 4);
  EXPECT_EQ(hash_mod->DoRangeSharding(tables, Target(), Range(Value::Int(1), Value::Int(2))), tables);
}

TEST(HashModShardingAlgorithmTest, UnhashableValuesAreTypedErrors) {
  auto hash_mod = Standard("HASH_MOD", {{"sharding-count", "4"}});
  auto tables = Names("t_order_", 4);
  EXPECT_SQLROUTE_ERROR(hash_mod->DoSharding(tables, Target(), Value::Null()), SHARDING_VALUE_NULL,
                        "Sharding value can't be null in sql statement.");
  EXPECT_SQLROUTE_ERROR(hash_mod->DoSharding(tables, Target(), Value::DateTime("2021-01-01 00:00:00")),
                        SHARDING_VALUE_INVALID,
                        "Invalid sharding value datetime:'2021-01-01 00:00:00' for HASH_MOD sharding algorithm: its "
                        "Java hash code is not defined here.");
  EXPECT_PROPS_ERROR(Standard("HASH_MOD", {}), "`sharding-count` is required.");
  EXPECT_PROPS_ERROR(Standard("HASH_MOD", {{"sharding-count", "-2"}}),
                     "`sharding-count` must be between 1 and 2147483647, got -2.");
}

}  // namespace
}  // namespace sqlroute
