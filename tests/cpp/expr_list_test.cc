// Data-node list expansion (ShardingSphere's GroovyInlineExpressionParser): items, ranges, lists,
// cartesian order, LITERAL.
#include <gtest/gtest.h>

#include "expr/inline_expression.h"
#include "sqlroute/error.h"

namespace sqlroute::expr {
namespace {

using List = std::vector<std::string>;

TEST(InlineListTest, DocumentedExamples) {
  EXPECT_EQ(ExpandList("t_order_${1..3}"), (List{"t_order_1", "t_order_2", "t_order_3"}));
  EXPECT_EQ(ExpandList("${['online','offline']}_table${1..3}"),
            (List{"online_table1", "online_table2", "online_table3", "offline_table1", "offline_table2",
                  "offline_table3"}));
  EXPECT_EQ(ExpandList("ds_${0..1}.t_order_${0..1}"),
            (List{"ds_0.t_order_0", "ds_0.t_order_1", "ds_1.t_order_0", "ds_1.t_order_1"}));
}

TEST(InlineListTest, ArrowPlaceholderIsTheSame) {
  EXPECT_EQ(ExpandList("db$->{0..1}.t_order$->{0..1}"), ExpandList("db${0..1}.t_order${0..1}"));
}

TEST(InlineListTest, TopLevelCommasSplitItemsAndTrim) {
  EXPECT_EQ(ExpandList("db0.t_order${0..1}, db1.t_order${2..4}"),
            (List{"db0.t_order0", "db0.t_order1", "db1.t_order2", "db1.t_order3", "db1.t_order4"}));
  EXPECT_EQ(ExpandList(" ds_0.t_a ,ds_1.t_b,  ds_2.t_c "), (List{"ds_0.t_a", "ds_1.t_b", "ds_2.t_c"}));
  EXPECT_EQ(ExpandList("ds_${[0, 1]}.t"), (List{"ds_0.t", "ds_1.t"}));  // comma inside ${} does not split
  EXPECT_EQ(ExpandList("a,,b,"), (List{"a", "b"}));
  EXPECT_TRUE(ExpandList("").empty());
}

TEST(InlineListTest, RangesInclusiveExclusiveDescending) {
  EXPECT_EQ(ExpandList("t_${0..<3}"), (List{"t_0", "t_1", "t_2"}));
  EXPECT_EQ(ExpandList("t_${3..1}"), (List{"t_3", "t_2", "t_1"}));
  EXPECT_EQ(ExpandList("t_${3..<1}"), (List{"t_3", "t_2"}));
  EXPECT_EQ(ExpandList("t_${-1..1}"), (List{"t_-1", "t_0", "t_1"}));
  EXPECT_TRUE(ExpandList("t_${1..<1}").empty());
  EXPECT_EQ(ExpandList("t_${'a'..'c'}"), (List{"t_a", "t_b", "t_c"}));
  EXPECT_EQ(ExpandList("t_${0..2 - 1}"), (List{"t_0", "t_1"}));  // range binds looser than `-`
}

TEST(InlineListTest, ListsKeepOrderAndDropDuplicates) {
  EXPECT_EQ(ExpandList("t_${['b', 'a', 'b']}"), (List{"t_b", "t_a"}));
  EXPECT_EQ(ExpandList("t_${[0, 2]}"), (List{"t_0", "t_2"}));
  EXPECT_EQ(ExpandList("${[]}x"), List{});
}

TEST(InlineListTest, CartesianFirstPlaceholderSlowest) {
  EXPECT_EQ(ExpandList("${['x','y']}_${0..1}_${['p','q']}"),
            (List{"x_0_p", "x_0_q", "x_1_p", "x_1_q", "y_0_p", "y_0_q", "y_1_p", "y_1_q"}));
}

TEST(InlineListTest, ArbitraryExpressionsInsidePlaceholders) {
  EXPECT_EQ(ExpandList("t_${1 + 1}"), (List{"t_2"}));
  EXPECT_EQ(ExpandList("t_${String.valueOf(7).padLeft(2, '0')}"), (List{"t_07"}));
  EXPECT_EQ(ExpandList("t_${\"x${1}\"}"), (List{"t_x1"}));
  EXPECT_EQ(ExpandList("t_${0..1}_${'a'}"), (List{"t_0_a", "t_1_a"}));
}

TEST(InlineListTest, EscapesInLiteralText) {
  EXPECT_EQ(ExpandList("t\\$x_${0..1}"), (List{"t$x_0", "t$x_1"}));
}

TEST(InlineListTest, GroovyTagIsTheDefault) {
  EXPECT_EQ(ExpandList("<GROOVY>t_${0..1}"), (List{"t_0", "t_1"}));
  EXPECT_EQ(ExpandList("<ESPRESSO>t_${0..1}"), (List{"t_0", "t_1"}));
}

TEST(InlineListTest, LiteralIsNotInterpreted) {
  EXPECT_EQ(ExpandList("<LITERAL>t_order_${1..3}"), (List{"t_order_${1..3}"}));
  EXPECT_EQ(ExpandList("<LITERAL>ds_0.t_0 , ds_1.t_1"), (List{"ds_0.t_0", "ds_1.t_1"}));
}

TEST(InlineListTest, UnknownTypeTagFails) {
  try {
    ExpandList("<CUSTOM.FIXTURE>spring");
    FAIL() << "expected an error";
  } catch (const Error& error) {
    EXPECT_EQ(error.code(), ErrorCode::CONFIG_INLINE_EXPRESSION);
    EXPECT_NE(error.message().find("CUSTOM.FIXTURE"), std::string::npos);
  }
}

TEST(InlineListTest, TenThousandNodes) {
  List nodes = ExpandList("ds_${0..9}.t_order_${0..999}");
  ASSERT_EQ(nodes.size(), 10000u);
  EXPECT_EQ(nodes.front(), "ds_0.t_order_0");
  EXPECT_EQ(nodes[1000], "ds_1.t_order_0");
  EXPECT_EQ(nodes.back(), "ds_9.t_order_999");
}

}  // namespace
}  // namespace sqlroute::expr
