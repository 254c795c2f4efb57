#include "algorithm_test_support.h"

namespace sqlroute {
namespace {

using algorithm_test::Names;
using algorithm_test::Range;
using algorithm_test::Standard;
using algorithm_test::Target;
using V = std::vector<std::string>;

// One-hour slices over one day: 24 + 2 tables.
std::shared_ptr<const StandardShardingAlgorithm> Hourly() {
  return Standard("AUTO_INTERVAL", {{"datetime-lower", "2020-01-01 00:00:00"},
                                    {"datetime-upper", "2020-01-02 00:00:00"},
                                    {"sharding-seconds", "3600"}});
}

TEST(AutoIntervalShardingAlgorithmTest, TablesAmount) {
  EXPECT_EQ(Hourly()->AutoTablesAmount(), 26);
  auto partial = Standard("AUTO_INTERVAL", {{"datetime-lower", "2020-01-01 00:00:00"},
                                            {"datetime-upper", "2020-01-01 02:30:00"},
                                            {"sharding-seconds", "3600"}});
  EXPECT_EQ(partial->AutoTablesAmount(), 5);
}

TEST(AutoIntervalShardingAlgorithmTest, TwoDecimalRoundingAtPartitionEdges) {
  auto hourly = Hourly();
  auto tables = Names("t_", 26);
  struct Case {
    Value value;
    std::string expected;
  } cases[] = {
      {Value::String("2020-01-01 00:00:00"), "t_0"},
      {Value::String("2020-01-01 00:00:17"), "t_0"},  // 0.0047 → "0.00"
      {Value::String("2020-01-01 00:00:18"), "t_1"},  // 0.005 (binary slightly above) → "0.01"
      {Value::String("2020-01-01 01:00:00"), "t_1"},
      {Value::String("2020-01-01 01:00:18"), "t_1"},  // 1.005 (binary slightly below) → "1.00"
      {Value::String("2020-01-01 01:00:19"), "t_2"},
      {Value::String("2020-01-01 01:30:00.0"), "t_2"},  // trailing text ignored
      {Value::DateTime("2020-01-01 02:00:00.123456"), "t_2"},
      {Value::String("2019-12-31 23:00:00"), "t_0"},    // before lower
      {Value::String("2020-01-02 00:00:00"), "t_24"},
      {Value::String("2020-01-05 00:00:00"), "t_25"},   // clamped to the last table
  };
  for (const auto& each : cases) {
    EXPECT_EQ(hourly->DoSharding(tables, Target("t_"), each.value), each.expected) << each.value.ToDisplay();
  }
}

TEST(AutoIntervalShardingAlgorithmTest, Ranges) {
  auto hourly = Hourly();
  auto tables = Names("t_", 26);
  EXPECT_EQ(hourly->DoRangeSharding(tables, Target("t_"), Range(Value::String("2020-01-01 00:30:00"),
                                                                Value::String("2020-01-01 02:00:00"))),
            (V{"t_1", "t_2"}));
  EXPECT_EQ(hourly->DoRangeSharding(tables, Target("t_"), Range(std::nullopt, Value::String("2020-01-01 00:00:10"))),
            (V{"t_0"}));
  EXPECT_EQ(hourly->DoRangeSharding(tables, Target("t_"), Range(Value::String("2020-01-01 23:30:00"), std::nullopt)),
            (V{"t_24", "t_25"}));
}

TEST(AutoIntervalShardingAlgorithmTest, ValuesMustBeDateTimes) {
  auto hourly = Hourly();
  auto tables = Names("t_", 26);
  EXPECT_SQLROUTE_ERROR(hourly->DoSharding(tables, Target("t_"), Value::Date("2020-01-01")), SHARDING_VALUE_INVALID,
                        "Invalid sharding value date:'2020-01-01' for AUTO_INTERVAL sharding algorithm: datetime "
                        "pattern should be `yyyy-MM-dd HH:mm:ss`.");
  EXPECT_SQLROUTE_ERROR(hourly->DoSharding(tables, Target("t_"), Value::Null()), SHARDING_VALUE_NULL,
                        "Sharding value can't be null in sql statement.");
}

TEST(AutoIntervalShardingAlgorithmTest, PropsAreValidated) {
  EXPECT_PROPS_ERROR(Standard("AUTO_INTERVAL", {{"datetime-lower", "2020-01-01"},
                                                {"datetime-upper", "2020-01-02 00:00:00"},
                                                {"sharding-seconds", "3600"}}),
                     "Invalid datetime-lower, datetime pattern should be `yyyy-MM-dd HH:mm:ss`, value is `2020-01-01`.");
  EXPECT_PROPS_ERROR(Standard("AUTO_INTERVAL", {{"datetime-lower", "2020-01-01 00:00:00"},
                                                {"datetime-upper", "2020-01-02 00:00:00"}}),
                     "`sharding-seconds` is required.");
  EXPECT_PROPS_ERROR(Standard("AUTO_INTERVAL", {{"datetime-lower", "2020-01-02 00:00:00"},
                                                {"datetime-upper", "2020-01-01 00:00:00"},
                                                {"sharding-seconds", "60"}}),
                     "`datetime-upper` can not be before `datetime-lower`.");
}

}  // namespace
}  // namespace sqlroute
