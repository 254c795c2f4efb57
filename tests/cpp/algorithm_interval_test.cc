#include "algorithm_test_support.h"

namespace sqlroute {
namespace {

using algorithm_test::Range;
using algorithm_test::Standard;
using algorithm_test::Target;
using V = std::vector<std::string>;

std::vector<std::string> Months2021() {
  std::vector<std::string> result;
  for (int month = 1; month <= 12; ++month) result.push_back((month < 10 ? "t_order_20210" : "t_order_2021") + std::to_string(month));
  return result;
}

std::shared_ptr<const StandardShardingAlgorithm> Monthly() {
  return Standard("INTERVAL", {{"datetime-pattern", "yyyy-MM-dd HH:mm:ss"},
                               {"datetime-lower", "2021-01-01 00:00:00"},
                               {"datetime-upper", "2021-12-31 23:59:59"},
                               {"sharding-suffix-pattern", "yyyyMM"},
                               {"datetime-interval-unit", "MONTHS"}});
}

TEST(IntervalShardingAlgorithmTest, MonthlyPreciseValues) {
  auto monthly = Monthly();
  auto tables = Months2021();
  EXPECT_EQ(monthly->DoSharding(tables, Target(), Value::String("2021-03-15 10:00:00")), "t_order_202103");
  EXPECT_EQ(monthly->DoSharding(tables, Target(), Value::DateTime("2021-12-31 23:59:59.5")), "t_order_202112");
  EXPECT_EQ(monthly->DoSharding(tables, Target(), Value::Date("2021-07-01")), "t_order_202107");
  EXPECT_EQ(monthly->DoSharding(tables, Target(), Value::String("2020-12-31 23:59:59")), "");
  EXPECT_EQ(monthly->DoSharding(tables, Target(), Value::String("2022-01-01 00:00:00")), "");
  EXPECT_FALSE(monthly->AutoTablesAmount().has_value());
}

TEST(IntervalShardingAlgorithmTest, MonthlyRangesRespectBoundTypes) {
  auto monthly = Monthly();
  auto tables = Months2021();
  auto from = Value::String("2021-02-10 00:00:00");
  auto to = Value::String("2021-04-01 00:00:00");
  EXPECT_EQ(monthly->DoRangeSharding(tables, Target(), Range(from, to, true, false)),
            (V{"t_order_202102", "t_order_202103"}));
  EXPECT_EQ(monthly->DoRangeSharding(tables, Target(), Range(from, to)),
            (V{"t_order_202102", "t_order_202103", "t_order_202104"}));
  EXPECT_EQ(monthly->DoRangeSharding(tables, Target(), Range(Value::String("2021-11-30 00:00:00"), std::nullopt)),
            (V{"t_order_202111", "t_order_202112"}));
  EXPECT_EQ(monthly->DoRangeSharding(tables, Target(), Range(std::nullopt, std::nullopt)), tables);
  EXPECT_EQ(monthly->DoRangeSharding(tables, Target(), Range(to, from)), V{});
}

TEST(IntervalShardingAlgorithmTest, DayStepsOfTwoDays) {
  auto days = Standard("INTERVAL", {{"datetime-pattern", "yyyy-MM-dd"},
                                    {"datetime-lower", "2021-01-01"},
                                    {"datetime-upper", "2021-01-10"},
                                    {"sharding-suffix-pattern", "yyyyMMdd"},
                                    {"datetime-interval-amount", "2"},
                                    {"datetime-interval-unit", "days"}});
  V tables{"t_order_20210101", "t_order_20210103", "t_order_20210105", "t_order_20210107", "t_order_20210109"};
  EXPECT_EQ(days->DoSharding(tables, Target(), Value::String("2021-01-04")), "t_order_20210103");
  EXPECT_EQ(days->DoSharding(tables, Target(), Value::String("2021-01-10")), "t_order_20210109");
  EXPECT_EQ(days->DoRangeSharding(tables, Target(), Range(Value::String("2021-01-02"), Value::String("2021-01-05"))),
            (V{"t_order_20210101", "t_order_20210103", "t_order_20210105"}));
}

TEST(IntervalShardingAlgorithmTest, SuffixMatchingIsEndsWith) {
  auto months = Standard("INTERVAL", {{"datetime-pattern", "yyyy-MM"},
                                      {"datetime-lower", "2021-01"},
                                      {"datetime-upper", "2021-12"},
                                      {"sharding-suffix-pattern", "M"},
                                      {"datetime-interval-unit", "Months"}});
  V tables{"t_order_1", "t_order_2", "t_order_11", "t_order_12"};
  // "1" ends both t_order_1 and t_order_11: precise takes the first, a range gets both.
  EXPECT_EQ(months->DoSharding(tables, Target(), Value::String("2021-01")), "t_order_1");
  EXPECT_EQ(months->DoRangeSharding(tables, Target(), Range(Value::String("2021-01"), Value::String("2021-01"))),
            (V{"t_order_1", "t_order_11"}));
  EXPECT_EQ(months->DoSharding(tables, Target(), Value::String("2021-12")), "t_order_12");
}

TEST(IntervalShardingAlgorithmTest, ValueTextIsCutOrReadWithAPatternPrefix) {
  auto daily = Standard("INTERVAL", {{"datetime-pattern", "yyyy-MM-dd"},
                                     {"datetime-lower", "2021-01-01"},
                                     {"datetime-upper", "2021-01-31"},
                                     {"sharding-suffix-pattern", "_dd"}});
  V tables{"t_order_14", "t_order_15", "t_order_16"};
  EXPECT_EQ(daily->DoSharding(tables, Target(), Value::String("2021-01-15 23:59:59")), "t_order_15");
  EXPECT_EQ(daily->DoSharding(tables, Target(), Value::DateTime("2021-01-16 08:00:00")), "t_order_16");
  auto hourly = Standard("INTERVAL", {{"datetime-pattern", "yyyy-MM-dd HH:mm:ss"},
                                      {"datetime-lower", "2021-01-01 00:00:00"},
                                      {"datetime-upper", "2021-01-01 23:59:59"},
                                      {"sharding-suffix-pattern", "HH"},
                                      {"datetime-interval-unit", "HOURS"}});
  V hours{"t_log_00", "t_log_01", "t_log_13"};
  EXPECT_EQ(hourly->DoSharding(hours, Target(), Value::String("2021-01-01")), "t_log_00");        // yyyy-MM-dd
  EXPECT_EQ(hourly->DoSharding(hours, Target(), Value::String("2021-01-01 13")), "t_log_13");     // yyyy-MM-dd HH
  EXPECT_EQ(hourly->DoSharding(hours, Target(), Value::String("2021-01-01 01:59")), "t_log_01");
  EXPECT_EQ(hourly->DoSharding(hours, Target(), Value::Date("2021-01-01")), "t_log_00");
  EXPECT_SQLROUTE_ERROR(hourly->DoSharding(hours, Target(), Value::String("01/01/2021")), SHARDING_VALUE_INVALID,
                        "Invalid sharding value '01/01/2021' for INTERVAL sharding algorithm: datetime pattern should be "
                        "`yyyy-MM-dd HH:mm:ss`.");
  EXPECT_SQLROUTE_ERROR(hourly->DoSharding(hours, Target(), Value::Time("13:00:00")), SHARDING_VALUE_INVALID,
                        "Invalid sharding value time:'13:00:00' for INTERVAL sharding algorithm: datetime pattern should "
                        "be `yyyy-MM-dd HH:mm:ss`.");
}

TEST(IntervalShardingAlgorithmTest, CompactPatternsAndNumbers) {
  auto compact = Standard("INTERVAL", {{"datetime-pattern", "yyyyMMdd"},
                                       {"datetime-lower", "20210101"},
                                       {"datetime-upper", "20211231"},
                                       {"sharding-suffix-pattern", "yyyy'q'MM"},
                                       {"datetime-interval-amount", "3"},
                                       {"datetime-interval-unit", "MONTHS"}});
  V tables{"t_2021q01", "t_2021q04", "t_2021q07", "t_2021q10"};
  EXPECT_EQ(compact->DoSharding(tables, Target(), Value::Int(20210815)), "t_2021q07");
  EXPECT_EQ(compact->DoSharding(tables, Target(), Value::String("20211231")), "t_2021q10");
}

TEST(IntervalShardingAlgorithmTest, MillisecondIntervals) {
  auto millis = Standard("INTERVAL", {{"datetime-pattern", "yyyy-MM-dd HH:mm:ss.SSS"},
                                      {"datetime-lower", "2021-01-01 00:00:00.000"},
                                      {"datetime-upper", "2021-01-01 00:00:01.000"},
                                      {"sharding-suffix-pattern", "SSS"},
                                      {"datetime-interval-amount", "250"},
                                      {"datetime-interval-unit", "MILLIS"}});
  V tables{"t_000", "t_250", "t_500", "t_750"};
  EXPECT_EQ(millis->DoSharding(tables, Target(), Value::DateTime("2021-01-01 00:00:00.600000")), "t_500");
  EXPECT_EQ(millis->DoSharding(tables, Target(), Value::String("2021-01-01 00:00:00.249")), "t_000");
}

TEST(IntervalShardingAlgorithmTest, YearMonthWithYearSteps) {
  auto yearly = Standard("INTERVAL", {{"datetime-pattern", "yyyy-MM"},
                                      {"datetime-lower", "2019-01"},
                                      {"sharding-suffix-pattern", "yyyy"},
                                      {"datetime-interval-unit", "years"}});
  V tables{"t_2019", "t_2020", "t_2021"};
  EXPECT_EQ(yearly->DoSharding(tables, Target(), Value::String("2020-06")), "t_2020");
  EXPECT_EQ(yearly->DoRangeSharding(tables, Target(), Range(Value::String("2019-12"), Value::String("2021-01"))), tables);
}

TEST(IntervalShardingAlgorithmTest, PropsAreValidated) {
  Props base{{"datetime-pattern", "yyyy-MM-dd"}, {"datetime-lower", "2021-01-01"}, {"sharding-suffix-pattern", "MMdd"}};
  auto with = [&](const std::string& key, const std::string& value) {
    Props props = base;
    props.Set(key, value);
    return props;
  };
  EXPECT_PROPS_ERROR(Standard("INTERVAL", with("datetime-interval-unit", "Fortnights")),
                     "Cannot find step unit for specified datetime-interval-unit property: `Fortnights`.");
  EXPECT_PROPS_ERROR(Standard("INTERVAL", with("datetime-interval-unit", "HOURS")),
                     "`datetime-interval-unit` `HOURS` does not apply to `datetime-pattern` `yyyy-MM-dd`.");
  EXPECT_PROPS_ERROR(Standard("INTERVAL", with("datetime-lower", "2021/01/01")),
                     "Invalid datetime-lower, datetime pattern should be `yyyy-MM-dd`, value is `2021/01/01`.");
  EXPECT_PROPS_ERROR(Standard("INTERVAL", with("sharding-suffix-pattern", "yyyyMMddHH")),
                     "`sharding-suffix-pattern` `yyyyMMddHH` uses fields `datetime-pattern` `yyyy-MM-dd` does not have.");
  EXPECT_PROPS_ERROR(Standard("INTERVAL", with("datetime-pattern", "yyyy-MM-dd EEE")),
                     "Invalid `datetime-pattern`: unsupported pattern letters `EEE` in pattern `yyyy-MM-dd EEE`.");
  EXPECT_PROPS_ERROR(Standard("INTERVAL", with("datetime-interval-amount", "0")),
                     "`datetime-interval-amount` must be between 1 and 2147483647, got 0.");
  EXPECT_PROPS_ERROR(Standard("INTERVAL", {{"datetime-lower", "2021-01-01"}}), "`datetime-pattern` is required.");
}

}  // namespace
}  // namespace sqlroute
