#include "algorithm_test_support.h"

namespace sqlroute {
namespace {

using algorithm_test::Names;
using algorithm_test::Range;
using algorithm_test::Standard;
using algorithm_test::Target;
using V = std::vector<std::string>;

struct Case {
  Value value;
  std::string expected;
};

// lower=10, upper=45, volume=10: 0:<10, 1:[10,20), 2:[20,30), 3:[30,40), 4:[40,45), 5:>=45
std::shared_ptr<const StandardShardingAlgorithm> Volume() {
  return Standard("VOLUME_RANGE", {{"range-lower", "10"}, {"range-upper", "45"}, {"sharding-volume", "10"}});
}

TEST(VolumeRangeShardingAlgorithmTest, PartitionBoundaries) {
  auto volume = Volume();
  auto tables = Names("t_order_", 6);
  Case cases[] = {
      {Value::Int(-100), "t_order_0"}, {Value::Int(9), "t_order_0"},       {Value::Int(10), "t_order_1"},
      {Value::Int(19), "t_order_1"},   {Value::Int(20), "t_order_2"},       {Value::Long(39), "t_order_3"},
      {Value::Int(40), "t_order_4"},   {Value::Int(44), "t_order_4"},       {Value::Int(45), "t_order_5"},
      {Value::Long(1000000000000LL), "t_order_5"}, {Value::String("30"), "t_order_3"}, {Value::BigInt("25"), "t_order_2"},
  };
  for (const auto& each : cases) {
    EXPECT_EQ(volume->DoSharding(tables, Target(), each.value), each.expected) << each.value.ToDisplay();
  }
  EXPECT_EQ(volume->AutoTablesAmount(), 6);
}

TEST(VolumeRangeShardingAlgorithmTest, Ranges) {
  auto volume = Volume();
  auto tables = Names("t_order_", 6);
  EXPECT_EQ(volume->DoRangeSharding(tables, Target(), Range(Value::Int(15), Value::Int(35))),
            (V{"t_order_1", "t_order_2", "t_order_3"}));
  EXPECT_EQ(volume->DoRangeSharding(tables, Target(), Range(std::nullopt, Value::Int(25))),
            (V{"t_order_0", "t_order_1", "t_order_2"}));
  EXPECT_EQ(volume->DoRangeSharding(tables, Target(), Range(Value::Int(40), std::nullopt)), (V{"t_order_4", "t_order_5"}));
  EXPECT_EQ(volume->DoRangeSharding(tables, Target(), Range(Value::Int(45), Value::Int(45))), (V{"t_order_5"}));
  EXPECT_EQ(volume->DoRangeSharding(tables, Target(), Range(std::nullopt, std::nullopt)), tables);
  EXPECT_EQ(volume->DoRangeSharding({"t_order_1", "t_order_3"}, Target(), Range(Value::Int(0), Value::Int(50))),
            (V{"t_order_1", "t_order_3"}));
}

TEST(VolumeRangeShardingAlgorithmTest, ValuesMustBeLongs) {
  auto volume = Volume();
  auto tables = Names("t_order_", 6);
  EXPECT_SQLROUTE_ERROR(volume->DoSharding(tables, Target(), Value::Decimal("10.5")), SHARDING_VALUE_INVALID,
                        "Invalid sharding value decimal:10.5 for VOLUME_RANGE sharding algorithm: not a long integer.");
  EXPECT_SQLROUTE_ERROR(volume->DoSharding(tables, Target(), Value::Null()), SHARDING_VALUE_NULL,
                        "Sharding value can't be null in sql statement.");
  EXPECT_SQLROUTE_ERROR(volume->DoRangeSharding(tables, Target(), Range(Value::String("x"), std::nullopt)),
                        SHARDING_VALUE_INVALID,
                        "Invalid sharding value 'x' for VOLUME_RANGE sharding algorithm: not a long integer.");
}

TEST(VolumeRangeShardingAlgorithmTest, PropsAreValidated) {
  EXPECT_PROPS_ERROR(Standard("VOLUME_RANGE", {{"range-lower", "10"}, {"range-upper", "15"}, {"sharding-volume", "10"}}),
                     "Range can not be smaller than volume.");
  EXPECT_PROPS_ERROR(Standard("VOLUME_RANGE", {{"range-lower", "10"}, {"range-upper", "45"}}),
                     "`sharding-volume` is required.");
  EXPECT_PROPS_ERROR(Standard("VOLUME_RANGE", {{"range-lower", "10"}, {"range-upper", "45"}, {"sharding-volume", "0"}}),
                     "`sharding-volume` must be between 1 and 9223372036854775807, got 0.");
  auto exact = Standard("VOLUME_RANGE", {{"range-lower", "0"}, {"range-upper", "10"}, {"sharding-volume", "10"}});
  EXPECT_EQ(exact->AutoTablesAmount(), 3);
}

TEST(BoundaryRangeShardingAlgorithmTest, PartitionsAndRanges) {
  auto boundary = Standard("BOUNDARY_RANGE", {{"sharding-ranges", "1,5,10"}});
  auto tables = Names("t_order_", 4);
  Case cases[] = {
      {Value::Int(-5), "t_order_0"}, {Value::Int(0), "t_order_0"}, {Value::Int(1), "t_order_1"},
      {Value::Int(4), "t_order_1"},  {Value::Int(5), "t_order_2"}, {Value::Int(9), "t_order_2"},
      {Value::Int(10), "t_order_3"}, {Value::Long(99999), "t_order_3"},
  };
  for (const auto& each : cases) {
    EXPECT_EQ(boundary->DoSharding(tables, Target(), each.value), each.expected) << each.value.ToDisplay();
  }
  EXPECT_EQ(boundary->AutoTablesAmount(), 4);
  EXPECT_EQ(boundary->DoRangeSharding(tables, Target(), Range(Value::Int(3), Value::Int(7))), (V{"t_order_1", "t_order_2"}));
  EXPECT_EQ(boundary->DoRangeSharding(tables, Target(), Range(std::nullopt, Value::Int(0))), (V{"t_order_0"}));
  EXPECT_EQ(boundary->DoRangeSharding(tables, Target(), Range(Value::Int(5), std::nullopt)), (V{"t_order_2", "t_order_3"}));
}

TEST(BoundaryRangeShardingAlgorithmTest, UnparsableEntriesAreDroppedAndTheRestSorted) {
  auto boundary = Standard("BOUNDARY_RANGE", {{"sharding-ranges", " 10 , x, 5,1,+3,"}});
  auto tables = Names("t_order_", 4);
  EXPECT_EQ(boundary->AutoTablesAmount(), 4);
  EXPECT_EQ(boundary->DoSharding(tables, Target(), Value::Int(3)), "t_order_1");
  EXPECT_EQ(boundary->DoSharding(tables, Target(), Value::Int(7)), "t_order_2");
  EXPECT_PROPS_ERROR(Standard("BOUNDARY_RANGE", {{"sharding-ranges", "a,b"}}), "Sharding ranges can not be empty.");
  EXPECT_PROPS_ERROR(Standard("BOUNDARY_RANGE", {}), "`sharding-ranges` is required.");
}

TEST(BoundaryRangeShardingAlgorithmTest, SuffixMatchingUsesTheMinimumLength) {
  auto boundary = Standard("BOUNDARY_RANGE", {{"sharding-ranges", "1,5,10"}});
  EXPECT_EQ(boundary->DoSharding(Names("t_order_", 4, 2), Target("t_order_", 2), Value::Int(7)), "t_order_02");
}

}  // namespace
}  // namespace sqlroute
