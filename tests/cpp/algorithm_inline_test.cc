#include "algorithm_test_support.h"

namespace sqlroute {
namespace {

using algorithm_test::Names;
using algorithm_test::Range;
using algorithm_test::Standard;
using algorithm_test::Target;
using V = std::vector<std::string>;

ShardingAlgorithm Create(const std::string& type, const Props& props) {
  return AlgorithmRegistry::Global().CreateSharding(type, props, algorithm_test::kPath);
}

TEST(InlineShardingAlgorithmTest, EvaluatesWithTheShardingColumn) {
  auto inline_algorithm = Standard("INLINE", {{"algorithm-expression", "t_order_${order_id % 2}"}});
  auto tables = Names("t_order_", 2);
  EXPECT_EQ(inline_algorithm->DoSharding(tables, Target(), Value::Int(7)), "t_order_1");
  EXPECT_EQ(inline_algorithm->DoSharding(tables, Target(), Value::Long(10)), "t_order_0");
  // Java remainder keeps the dividend's sign; the router reports the unknown target.
  EXPECT_EQ(inline_algorithm->DoSharding(tables, Target(), Value::Int(-1)), "t_order_-1");
  EXPECT_FALSE(inline_algorithm->AutoTablesAmount().has_value());
}

TEST(InlineShardingAlgorithmTest, ArrowPlaceholderAndTrimming) {
  auto inline_algorithm = Standard("INLINE", {{"algorithm-expression", "  ds_$->{user_id % 4}  "}});
  EXPECT_EQ(inline_algorithm->DoSharding(Names("ds_", 4), Target("ds_", 1, "user_id"), Value::Int(6)), "ds_2");
}

TEST(InlineShardingAlgorithmTest, MismatchedColumnUsesShardingSphereText) {
  auto inline_algorithm = Standard("INLINE", {{"algorithm-expression", "t_order_$->{order_id % 2}"}});
  EXPECT_SQLROUTE_ERROR(inline_algorithm->DoSharding(Names("t_order_", 2), Target("t_order_", 1, "user_id"), Value::Int(1)),
                        INLINE_EXPRESSION_MISMATCH,
                        "Inline sharding algorithms expression `t_order_${order_id % 2}` and sharding column `user_id` "
                        "do not match.");
  EXPECT_SQLROUTE_ERROR(inline_algorithm->DoSharding(Names("t_order_", 2), Target(), Value::Null()), SHARDING_VALUE_NULL,
                        "Sharding value can't be null in sql statement.");
}

TEST(InlineShardingAlgorithmTest, RangeNeedsTheAllowProperty) {
  auto strict = Standard("INLINE", {{"algorithm-expression", "t_order_${order_id % 2}"}});
  auto tables = Names("t_order_", 2);
  EXPECT_SQLROUTE_ERROR(strict->DoRangeSharding(tables, Target(), Range(Value::Int(1), Value::Int(5))), RANGE_ON_INLINE,
                        "Since the property of `allow-range-query-with-inline-sharding` is false, inline sharding "
                        "algorithm can not tackle with range query");
  auto allowing = Standard("INLINE", {{"algorithm-expression", "t_order_${order_id % 2}"},
                                      {"allow-range-query-with-inline-sharding", "true"}});
  EXPECT_EQ(allowing->DoRangeSharding(tables, Target(), Range(Value::Int(1), Value::Int(5))), tables);
}

TEST(InlineShardingAlgorithmTest, PropsAreValidated) {
  EXPECT_PROPS_ERROR(Standard("INLINE", {}), "Inline sharding algorithm expression cannot be null or empty.");
  EXPECT_PROPS_ERROR(Standard("INLINE", {{"algorithm-expression", "  "}}),
                     "Inline sharding algorithm expression cannot be null or empty.");
  try {
    Standard("INLINE", {{"algorithm-expression", "t_order_${order_id %"}});
    ADD_FAILURE() << "expected a props error";
  } catch (const Error& error) {
    EXPECT_EQ(error.code(), ErrorCode::CONFIG_ALGORITHM_PROPS);
    EXPECT_EQ(error.config_path(), algorithm_test::kPath);
    EXPECT_NE(error.message().find("t_order_${order_id %"), std::string::npos) << error.message();
  }
}

TEST(ComplexInlineShardingAlgorithmTest, CartesianProductFirstColumnSlowest) {
  auto complex = Create("COMPLEX_INLINE", {{"algorithm-expression", "t_order_${order_id % 2}_${user_id % 2}"},
                                           {"sharding-columns", "order_id, user_id"}})
                     .complex;
  ASSERT_NE(complex, nullptr);
  V tables{"t_order_0_0", "t_order_0_1", "t_order_1_0", "t_order_1_1"};
  std::map<std::string, std::vector<Value>> values{{"order_id", {Value::Int(1), Value::Int(2)}},
                                                    {"user_id", {Value::Int(0), Value::Int(1)}}};
  EXPECT_EQ(complex->DoSharding(tables, "t_order", values, {}), (V{"t_order_1_0", "t_order_1_1", "t_order_0_0", "t_order_0_1"}));
  std::map<std::string, std::vector<Value>> repeated{{"order_id", {Value::Int(1), Value::Int(3)}},
                                                      {"user_id", {Value::Int(5)}}};
  EXPECT_EQ(complex->DoSharding(tables, "t_order", repeated, {}), (V{"t_order_1_1"}));
}

TEST(ComplexInlineShardingAlgorithmTest, ColumnCountRangesAndNulls) {
  auto complex = Create("COMPLEX_INLINE", {{"algorithm-expression", "t_order_${order_id % 2}_${user_id % 2}"},
                                           {"sharding-columns", "order_id,user_id"}})
                     .complex;
  V tables{"t_order_0_0", "t_order_0_1", "t_order_1_0", "t_order_1_1"};
  EXPECT_SQLROUTE_ERROR(complex->DoSharding(tables, "t_order", {{"order_id", {Value::Int(1)}}}, {}), COMPLEX_INLINE_COLUMNS,
                        "Complex inline algorithm need 2 sharing columns, but only found 1.");
  EXPECT_SQLROUTE_ERROR(complex->DoSharding(tables, "t_order", {{"order_id", {Value::Int(1)}}},
                                            {{"user_id", Range(Value::Int(1), Value::Int(3))}}),
                        RANGE_ON_INLINE,
                        "Since the property of `allow-range-query-with-inline-sharding` is false, inline sharding "
                        "algorithm can not tackle with range query");
  EXPECT_SQLROUTE_ERROR(complex->DoSharding(tables, "t_order", {{"order_id", {Value::Null()}}, {"user_id", {Value::Int(1)}}}, {}),
                        SHARDING_VALUE_NULL, "Sharding value can't be null in sql statement.");
  auto allowing = Create("COMPLEX_INLINE", {{"algorithm-expression", "t_order_${order_id % 2}_${user_id % 2}"},
                                            {"allow-range-query-with-inline-sharding", "True"}})
                      .complex;
  EXPECT_EQ(allowing->DoSharding(tables, "t_order", {}, {{"user_id", Range(Value::Int(1), std::nullopt)}}), tables);
}

TEST(HintInlineShardingAlgorithmTest, DefaultExpressionAndEmptyHints) {
  auto hint = Create("HINT_INLINE", {}).hint;
  ASSERT_NE(hint, nullptr);
  V data_sources{"ds_0", "ds_1"};
  EXPECT_EQ(hint->DoSharding(data_sources, "t_order", {Value::String("ds_1")}), (V{"ds_1"}));
  EXPECT_EQ(hint->DoSharding(data_sources, "t_order", {}), data_sources);
  auto modulo = Create("HINT_INLINE", {{"algorithm-expression", "ds_${value % 2}"}}).hint;
  EXPECT_EQ(modulo->DoSharding(data_sources, "t_order", {Value::BigInt("3"), Value::BigInt("4"), Value::BigInt("5")}),
            (V{"ds_1", "ds_0"}));
}

}  // namespace
}  // namespace sqlroute
