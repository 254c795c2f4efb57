#include "algorithm_test_support.h"

namespace sqlroute {
namespace {

using algorithm_test::Names;
using algorithm_test::Range;
using algorithm_test::Standard;
using algorithm_test::Target;

const std::vector<std::string> kTables = Names("t_order_", 4);

TEST(ModShardingAlgorithmTest, PreciseValuesOfEveryNumericKind) {
  auto mod = Standard("MOD", {{"sharding-count", "4"}});
  struct Case {
    Value value;
    std::string expected;
  } cases[] = {
      {Value::Int(0), "t_order_0"},           {Value::Int(5), "t_order_1"},
      {Value::Int(-1), "t_order_3"},          {Value::Long(-6), "t_order_2"},
      {Value::Long(9000000000LL), "t_order_0"}, {Value::String("7"), "t_order_3"},
      {Value::String("-5"), "t_order_3"},     {Value::String("123456789012345678901234567890"), "t_order_2"},
      {Value::Decimal("10.9"), "t_order_2"},  {Value::Decimal("-1.5"), "t_order_3"},
      {Value::Double(6.7), "t_order_2"},      {Value::BigInt("18446744073709551617"), "t_order_1"},
  };
  for (const auto& each : cases) {
    EXPECT_EQ(mod->DoSharding(kTables, Target(), each.value), each.expected) << each.value.ToDisplay();
  }
  EXPECT_EQ(mod->AutoTablesAmount(), 4);
}

TEST(ModShardingAlgorithmTest, SuffixIsPaddedToTheTargetsMinimumLength) {
  auto mod = Standard("MOD", {{"sharding-count", "16"}});
  EXPECT_EQ(mod->DoSharding(Names("t_order_", 16, 2), Target("t_order_", 2), Value::Int(3)), "t_order_03");
  EXPECT_EQ(mod->DoSharding(Names("t_order_", 16, 2), Target("t_order_", 2), Value::Int(31)), "t_order_15");
}

TEST(ModShardingAlgorithmTest, ResultNotAmongAvailableTargetsIsEmpty) {
  auto mod = Standard("MOD", {{"sharding-count", "4"}});
  EXPECT_EQ(mod->DoSharding({"t_order_0", "t_order_2"}, Target(), Value::Int(3)), "");
}

TEST(ModShardingAlgorithmTest, ZeroPaddingPadsToTheDigitsOfCountMinusOne) {
  auto mod = Standard("MOD", {{"sharding-count", "100"}, {"zero-padding", "true"}});
  auto tables = Names("t_order_", 100, 2);
  EXPECT_EQ(mod->DoSharding(tables, Target("t_order_", 1), Value::Int(7)), "t_order_07");
  EXPECT_EQ(mod->DoSharding(tables, Target("t_order_", 1), Value::Int(42)), "t_order_42");
  auto without = Standard("MOD", {{"sharding-count", "100"}});
  EXPECT_EQ(without->DoSharding(tables, Target("t_order_", 1), Value::Int(7)), "");
}

TEST(ModShardingAlgorithmTest, OffsetsCutTheValueText) {
  auto mod = Standard("MOD", {{"sharding-count", "4"}, {"start-offset", "1"}, {"stop-offset", "2"}});
  // "1234567" → "2345" → 2345 mod 4 = 1
  EXPECT_EQ(mod->DoSharding(kTables, Target(), Value::Int(1234567)), "t_order_1");
  EXPECT_EQ(mod->DoSharding(kTables, Target(), Value::String("A0006ZZ")), "t_order_2");
  EXPECT_SQLROUTE_ERROR(mod->DoSharding(kTables, Target(), Value::Int(123)), SHARDING_OFFSET_INVALID,
                        "Sharding value 123 subtract stop offset 2 can not be less than start offset 1.");
  EXPECT_SQLROUTE_ERROR(mod->DoSharding(kTables, Target(), Value::String("AB-CZZ")), SHARDING_VALUE_INVALID,
                        "Invalid sharding value 'AB-CZZ' for MOD sharding algorithm: the text between the offsets "
                        "is not an integer.");
}

TEST(ModShardingAlgorithmTest, NullAndNonNumericValuesAreTypedErrors) {
  auto mod = Standard("MOD", {{"sharding-count", "4"}});
  EXPECT_SQLROUTE_ERROR(mod->DoSharding(kTables, Target(), Value::Null()), SHARDING_VALUE_NULL,
                        "Sharding value can't be null in sql statement.");
  EXPECT_SQLROUTE_ERROR(mod->DoSharding(kTables, Target(), Value::String("abc")), SHARDING_VALUE_INVALID,
                        "Invalid sharding value 'abc' for MOD sharding algorithm: not an integer.");
  EXPECT_SQLROUTE_ERROR(mod->DoSharding(kTables, Target(), Value::Date("2021-01-01")), SHARDING_VALUE_INVALID,
                        "Invalid sharding value date:'2021-01-01' for MOD sharding algorithm: not an integer.");
}

TEST(ModShardingAlgorithmTest, RangeRoutes) {
  auto mod = Standard("MOD", {{"sharding-count", "4"}});
  using V = std::vector<std::string>;
  EXPECT_EQ(mod->DoRangeSharding(kTables, Target(), Range(Value::Int(1), Value::Int(2))), (V{"t_order_1", "t_order_2"}));
  EXPECT_EQ(mod->DoRangeSharding(kTables, Target(), Range(Value::Int(3), Value::Int(4))), (V{"t_order_0", "t_order_3"}));
  EXPECT_EQ(mod->DoRangeSharding(kTables, Target(), Range(Value::Int(-2), Value::Int(-1))), (V{"t_order_2", "t_order_3"}));
  // Open bounds still include the endpoints, as ShardingSphere does.
  EXPECT_EQ(mod->DoRangeSharding(kTables, Target(), Range(Value::Int(5), Value::Int(5), false, false)), (V{"t_order_1"}));
  EXPECT_EQ(mod->DoRangeSharding(kTables, Target(), Range(Value::Int(1), Value::Int(4))), kTables);
  EXPECT_EQ(mod->DoRangeSharding(kTables, Target(), Range(Value::Int(5), Value::Int(1))), V{});
  EXPECT_EQ(mod->DoRangeSharding(kTables, Target(), Range(Value::Int(5), std::nullopt)), kTables);
  // Upper bound only: every table (ShardingSphere's version read would throw here).
  EXPECT_EQ(mod->DoRangeSharding(kTables, Target(), Range(std::nullopt, Value::Int(5))), kTables);
  EXPECT_EQ(mod->DoRangeSharding(kTables, Target(), Range(Value::String("6"), Value::Long(6))), (V{"t_order_2"}));
}

TEST(ModShardingAlgorithmTest, RangeHonoursZeroPaddingAndSuffixWidth) {
  auto mod = Standard("MOD", {{"sharding-count", "16"}});
  using V = std::vector<std::string>;
  EXPECT_EQ(mod->DoRangeSharding(Names("t_order_", 16, 2), Target("t_order_", 2), Range(Value::Int(15), Value::Int(17))),
            (V{"t_order_00", "t_order_01", "t_order_15"}));
}

TEST(ModShardingAlgorithmTest, PropsAreValidated) {
  EXPECT_PROPS_ERROR(Standard("MOD", {}), "`sharding-count` is required.");
  EXPECT_PROPS_ERROR(Standard("MOD", {{"sharding-count", "0"}}), "`sharding-count` must be between 1 and 2147483647, got 0.");
  EXPECT_PROPS_ERROR(Standard("MOD", {{"sharding-count", "four"}}), "`sharding-count` must be an integer, got `four`.");
  EXPECT_PROPS_ERROR(Standard("MOD", {{"sharding-count", "4"}, {"start-offset", "-1"}}),
                     "`start-offset` must be between 0 and 2147483647, got -1.");
}

}  // namespace
}  // namespace sqlroute
