// The <INTERVAL> inline form (ShardingSphere's IntervalInlineExpressionParser).
#include <gtest/gtest.h>

#include "expr/inline_expression.h"
#include "sqlroute/error.h"

namespace sqlroute::expr {
namespace {

using List = std::vector<std::string>;

TEST(InlineIntervalTest, SpecExample) {
  EXPECT_EQ(ExpandList("<INTERVAL>P=t_order_;SP=yyyy_MM;DIA=1;DIU=Months;DL=2023_10;DU=2023_12"),
            (List{"t_order_2023_10", "t_order_2023_11", "t_order_2023_12"}));
}

TEST(InlineIntervalTest, MonthsCrossYearsAndAmounts) {
  EXPECT_EQ(ExpandList("<INTERVAL>P=t_;SP=yyyyMM;DIA=2;DIU=MONTHS;DL=202311;DU=202404"),
            (List{"t_202311", "t_202401", "t_202403"}));
  EXPECT_EQ(ExpandList("<INTERVAL>P=t_;SP=yyyy;DIA=1;DIU=Years;DL=2021;DU=2023"), (List{"t_2021", "t_2022", "t_2023"}));
}

TEST(InlineIntervalTest, DaysWeeksAndLeapYear) {
  EXPECT_EQ(ExpandList("<INTERVAL>P=t_;SP=yyyyMMdd;DIA=1;DIU=Days;DL=20240227;DU=20240301"),
            (List{"t_20240227", "t_20240228", "t_20240229", "t_20240301"}));
  EXPECT_EQ(ExpandList("<INTERVAL>P=t_;SP=yyyy_MM_dd;DIA=1;DIU=Weeks;DL=2023_12_25;DU=2024_01_08"),
            (List{"t_2023_12_25", "t_2024_01_01", "t_2024_01_08"}));
}

TEST(InlineIntervalTest, HoursMinutesSeconds) {
  EXPECT_EQ(ExpandList("<INTERVAL>P=t_;SP=yyyyMMdd_HH;DIA=12;DIU=Hours;DL=20231231_00;DU=20240101_12"),
            (List{"t_20231231_00", "t_20231231_12", "t_20240101_00", "t_20240101_12"}));
  EXPECT_EQ(ExpandList("<INTERVAL>P=t_;SP=HH'h'mm;DIA=30;DIU=Minutes;DL=23h00;DU=23h59"), (List{"t_23h00", "t_23h30"}));
  EXPECT_EQ(ExpandList("<INTERVAL>P=t_;SP=mmss;DIA=45;DIU=Seconds;DL=0000;DU=0130"),
            (List{"t_0000", "t_0045", "t_0130"}));
}

TEST(InlineIntervalTest, MonthEndClampsLikeJava) {
  EXPECT_EQ(ExpandList("<INTERVAL>P=t_;SP=yyyyMMdd;DIA=1;DIU=Months;DL=20240131;DU=20240430"),
            (List{"t_20240131", "t_20240229", "t_20240329", "t_20240429"}));
}

TEST(InlineIntervalTest, InvalidDefinitionsFail) {
  for (const char* expression : {
           "<INTERVAL>P=t_;SP=yyyy_MM;DIU=Months;DL=2023_10",                 // DU missing
           "<INTERVAL>P=t_;SP=yyyy_MM;DIU=Days;DL=2023_10;DU=2023_12",         // unit finer than pattern
           "<INTERVAL>P=t_;SP=yyyy_MM;DIU=Months;DL=2023-10;DU=2023_12",       // DL does not match
           "<INTERVAL>P=t_;SP=yyyy_MM;DIU=Fortnights;DL=2023_10;DU=2023_12",   // unknown unit
           "<INTERVAL>P=t_;SP=yyyy_MM;DIA=0;DIU=Months;DL=2023_10;DU=2023_12", // zero step
           "<INTERVAL>P=t_;SP=yyyy_QQ;DIU=Months;DL=2023_10;DU=2023_12",       // unsupported letter
           "<INTERVAL>X=1;SP=yyyy;DIU=Years;DL=2023;DU=2023",                  // unknown key
       }) {
    try {
      ExpandList(expression);
      ADD_FAILURE() << expression;
    } catch (const Error& error) {
      EXPECT_EQ(error.code(), ErrorCode::CONFIG_INLINE_EXPRESSION) << expression;
    }
  }
}

}  // namespace
}  // namespace sqlroute::expr
