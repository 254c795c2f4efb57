// The merge engine on hand-written unit results: one test group per merge kind.
#include <gtest/gtest.h>

#include <sqlroute/sqlroute.h>
#include <sqlroute/merge.h>

#include "mini_select.h"
#include "support/value_shorthands.h"

namespace sqlroute {
namespace {

using testing_support::D;
using testing_support::I;
using testing_support::kNull;
using testing_support::S;

MergeColumn At(int index, const char* label = "") { return {label, index}; }
MergeOrderItem Asc(int index) { return {At(index), false}; }
MergeOrderItem Desc(int index) { return {At(index), true}; }

MergeAggregation Aggregate(AggregationType type, int index, bool distinct = false) {
  MergeAggregation result;
  result.type = type;
  result.column = At(index);
  result.distinct = distinct;
  return result;
}

MergeInstructions Required() {
  MergeInstructions result;
  result.required = true;
  return result;
}

std::vector<Row> Rows(const MergeInstructions& instructions, std::vector<ResultSet> units,
                      Collation collation = Collation::GeneralCi) {
  return Merge(instructions, std::move(units), {collation, {}}).rows;
}

TEST(MergeIterationTest, ConcatenatesUnitsInOrder) {
  ResultSet a{{"id"}, {{I(3)}, {I(1)}}};
  ResultSet b{{"id"}, {{I(2)}}};
  EXPECT_EQ(Rows(MergeInstructions{}, {a, b}), (std::vector<Row>{{I(3)}, {I(1)}, {I(2)}}));
  EXPECT_EQ(Rows(Required(), {a, b}), (std::vector<Row>{{I(3)}, {I(1)}, {I(2)}}));
}

// MariaDB's RETURNING on a broadcast table: every copy returns the same rows, the result is one copy's.
TEST(MergeIterationTest, BroadcastCopiesReturnOneUnitsRows) {
  MergeInstructions once;
  once.affected_rows_once = true;
  ResultSet copy{{"id"}, {{I(7)}, {I(8)}}};
  EXPECT_EQ(Rows(once, {copy, copy, copy}), (std::vector<Row>{{I(7)}, {I(8)}}));
}

TEST(MergeIterationTest, NoUnitsAndEmptyUnitsGiveNoRows) {
  EXPECT_TRUE(Merge(Required(), {}).rows.empty());
  ResultSet result = Merge(Required(), {{{"id"}, {}}, {{"id"}, {}}});
  EXPECT_EQ(result.columns, std::vector<std::string>{"id"});
  EXPECT_TRUE(result.rows.empty());
}

TEST(MergeOrderTest, ComparesNumbersAcrossKinds) {
  MergeInstructions merge = Required();
  merge.order_by = {Asc(0)};
  ResultSet a{{"n"}, {{Value::Long(-5)}, {D("2.50")}, {Value::BigInt("99999999999999999999")}}};
  ResultSet b{{"n"}, {{Value::Double(-1e30)}, {I(2)}, {Value::Double(3.0)}}};
  EXPECT_EQ(Rows(merge, {a, b}), (std::vector<Row>{{Value::Double(-1e30)}, {Value::Long(-5)}, {I(2)}, {D("2.50")},
                                                   {Value::Double(3.0)}, {Value::BigInt("99999999999999999999")}}));
}

TEST(MergeOrderTest, NullsComeFirstAscendingAndLastDescending) {
  MergeInstructions merge = Required();
  merge.order_by = {Asc(0)};
  ResultSet a{{"n"}, {{kNull}, {I(4)}}};
  ResultSet b{{"n"}, {{I(1)}, {I(7)}}};
  EXPECT_EQ(Rows(merge, {a, b}), (std::vector<Row>{{kNull}, {I(1)}, {I(4)}, {I(7)}}));
  merge.order_by = {Desc(0)};
  ResultSet c{{"n"}, {{I(4)}, {kNull}}};
  ResultSet d{{"n"}, {{I(7)}, {I(1)}}};
  EXPECT_EQ(Rows(merge, {c, d}), (std::vector<Row>{{I(7)}, {I(4)}, {I(1)}, {kNull}}));
}

TEST(MergeOrderTest, SeveralKeysAndEqualRowsKeepUnitOrder) {
  MergeInstructions merge = Required();
  merge.order_by = {Asc(0), Desc(1)};
  ResultSet a{{"k", "id"}, {{I(1), I(5)}, {I(2), I(9)}}};
  ResultSet b{{"k", "id"}, {{I(1), I(8)}, {I(1), I(5)}}};
  EXPECT_EQ(Rows(merge, {a, b}),
            (std::vector<Row>{{I(1), I(8)}, {I(1), I(5)}, {I(1), I(5)}, {I(2), I(9)}}));
}

TEST(MergeOrderTest, GeneralCiFoldsCaseAccentsAndTrailingSpaces) {
  EXPECT_EQ(CompareForMerge(S("abc"), S("ABC"), Collation::GeneralCi), 0);
  EXPECT_EQ(CompareForMerge(S("abc  "), S("ABC"), Collation::GeneralCi), 0);
  EXPECT_EQ(CompareForMerge(S("\xC3\xA9t\xC3\xA9"), S("ETE"), Collation::GeneralCi), 0);  // été
  EXPECT_LT(CompareForMerge(S("a\t"), S("a"), Collation::GeneralCi), 0);  // tab sorts before the padding space
  EXPECT_LT(CompareForMerge(S("apple"), S("Banana"), Collation::GeneralCi), 0);
  EXPECT_GT(CompareForMerge(S("apple"), S("Banana"), Collation::Binary), 0);
  EXPECT_LT(CompareForMerge(S("abc"), S("abc "), Collation::Binary), 0);
}

TEST(MergeOrderTest, CollationIsChosenPerMerge) {
  MergeInstructions merge = Required();
  merge.order_by = {Asc(0)};
  ResultSet a{{"c"}, {{S("B")}}};
  ResultSet b{{"c"}, {{S("a")}}};
  EXPECT_EQ(Rows(merge, {a, b}, Collation::GeneralCi), (std::vector<Row>{{S("a")}, {S("B")}}));
  EXPECT_EQ(Rows(merge, {a, b}, Collation::Binary), (std::vector<Row>{{S("B")}, {S("a")}}));
}

// Counts the rows a merge pulls from a unit.
class CountingSource final : public RowSource {
 public:
  CountingSource(int rows, int* reads) : left_(rows), reads_(reads) {}
  const std::vector<std::string>& columns() const override { return columns_; }
  bool Next(Row& row) override {
    if (left_ == 0) return false;
    ++*reads_;
    row = {I(left_--)};
    return true;
  }

 private:
  std::vector<std::string> columns_{"n"};
  int left_;
  int* reads_;
};

TEST(MergeOrderTest, StreamsWithoutReadingAheadOfTheLimit) {
  MergeInstructions merge = Required();
  merge.order_by = {Desc(0)};
  merge.offset = 2;
  merge.row_count = 3;
  int reads = 0;
  std::vector<std::unique_ptr<RowSource>> units;
  for (int i = 0; i < 4; ++i) units.push_back(std::make_unique<CountingSource>(100000, &reads));
  std::unique_ptr<RowSource> merged = MergeStreams(merge, std::move(units));
  std::vector<Row> rows;
  for (Row row; merged->Next(row);) rows.push_back(row);
  EXPECT_EQ(rows, (std::vector<Row>{{I(100000)}, {I(100000)}, {I(99999)}}));
  EXPECT_LE(reads, 4 + 5);
}

TEST(MergeGroupTest, StreamsSortedGroupsAndCombinesEveryAggregate) {
  MergeInstructions merge = Required();
  merge.group_by = {Asc(0)};
  merge.order_by = merge.group_by;
  merge.aggregations = {Aggregate(AggregationType::Count, 1), Aggregate(AggregationType::Sum, 2),
                        Aggregate(AggregationType::Min, 3), Aggregate(AggregationType::Max, 4),
                        Aggregate(AggregationType::BitXor, 5), Aggregate(AggregationType::GroupConcat, 6)};
  merge.aggregations.back().separator = "; ";
  std::vector<std::string> columns{"k", "COUNT(*)", "SUM(v)", "MIN(c)", "MAX(v)", "BIT_XOR(v)", "GROUP_CONCAT(c)"};
  ResultSet a{columns, {{I(1), Value::Long(2), D("5"), S("b"), I(3), Value::Long(1), S("b; x")},
                        {I(2), Value::Long(1), kNull, kNull, kNull, Value::Long(0), kNull}}};
  ResultSet b{columns, {{I(1), Value::Long(3), D("1.5"), S("A"), I(9), Value::Long(3), S("A")},
                        {I(3), Value::Long(1), D("-2"), S("z"), I(-2), Value::BigInt("18446744073709551615"), S("z")}}};
  EXPECT_EQ(Rows(merge, {a, b}),
            (std::vector<Row>{{I(1), Value::Long(5), D("6.5"), S("A"), I(9), Value::Long(2), S("b; x; A")},
                              {I(2), Value::Long(1), kNull, kNull, kNull, Value::Long(0), kNull},
                              {I(3), Value::Long(1), D("-2"), S("z"), I(-2), Value::BigInt("18446744073709551615"),
                               S("z")}}));
}

TEST(MergeGroupTest, GroupsCaseInsensitivelyUnderGeneralCi) {
  MergeInstructions merge = Required();
  merge.group_by = {Asc(0)};
  merge.order_by = merge.group_by;
  merge.aggregations = {Aggregate(AggregationType::Count, 1)};
  ResultSet a{{"c", "n"}, {{S("abc"), Value::Long(1)}}};
  ResultSet b{{"c", "n"}, {{S("ABC "), Value::Long(2)}}};
  EXPECT_EQ(Rows(merge, {a, b}), (std::vector<Row>{{S("abc"), Value::Long(3)}}));
  EXPECT_EQ(Rows(merge, {a, b}, Collation::Binary).size(), 2u);
}

TEST(MergeGroupTest, AverageFromDerivedSumAndCount) {
  MergeInstructions merge = Required();
  MergeAggregation avg = Aggregate(AggregationType::Avg, 0);
  avg.avg_count = At(1);
  avg.avg_sum = At(2);
  merge.aggregations = {avg};
  merge.derived_labels = {"AVG_DERIVED_COUNT_0", "AVG_DERIVED_SUM_0"};
  std::vector<std::string> columns{"AVG(v)", "AVG_DERIVED_COUNT_0", "AVG_DERIVED_SUM_0"};
  auto average = [&](Value count_a, Value sum_a, Value count_b, Value sum_b) {
    ResultSet result = Merge(merge, {{columns, {{kNull, count_a, sum_a}}}, {columns, {{kNull, count_b, sum_b}}}});
    EXPECT_EQ(result.columns, std::vector<std::string>{"AVG(v)"});
    return result.rows.at(0).at(0);
  };
  EXPECT_EQ(average(Value::Long(2), D("10"), Value::Long(1), D("5")), D("5.0000"));
  EXPECT_EQ(average(Value::Long(2), D("1"), Value::Long(1), D("1")), D("0.6667"));
  EXPECT_EQ(average(Value::Long(2), D("-1"), Value::Long(1), D("-1")), D("-0.6667"));
  EXPECT_EQ(average(Value::Long(1), D("1.25"), Value::Long(2), D("0.00")), D("0.416667"));
  EXPECT_EQ(average(Value::Long(1), Value::Double(1.0), Value::Long(1), Value::Double(2.0)), Value::Double(1.5));
  EXPECT_EQ(average(Value::Long(0), kNull, Value::Long(0), kNull), kNull);
}

TEST(MergeGroupTest, AggregatesWithoutRowsGiveOneRow) {
  MergeInstructions merge = Required();
  merge.aggregations = {Aggregate(AggregationType::Count, 0), Aggregate(AggregationType::Sum, 1)};
  ResultSet empty{{"COUNT(*)", "SUM(v)"}, {}};
  EXPECT_EQ(Rows(merge, {empty, empty}), (std::vector<Row>{{Value::Long(0), kNull}}));
}

TEST(MergeGroupTest, BuffersGroupsWhenOrderByDiffers) {
  MergeInstructions merge = Required();
  merge.group_by = {Asc(0)};
  merge.order_by = {Desc(1), Asc(0)};
  merge.aggregations = {Aggregate(AggregationType::Count, 1)};
  ResultSet a{{"k", "n"}, {{I(1), Value::Long(1)}, {I(2), Value::Long(1)}}};
  ResultSet b{{"k", "n"}, {{I(2), Value::Long(3)}, {I(3), Value::Long(2)}, {I(1), Value::Long(2)}}};
  EXPECT_EQ(Rows(merge, {a, b}),
            (std::vector<Row>{{I(2), Value::Long(4)}, {I(1), Value::Long(3)}, {I(3), Value::Long(2)}}));
}

TEST(MergeGroupTest, DistinctCountAndSumFromDerivedValues) {
  MergeInstructions merge = Required();
  merge.aggregations = {Aggregate(AggregationType::Count, 0, true), Aggregate(AggregationType::Sum, 1, true)};
  merge.aggregations[0].column.label = "AGGREGATION_DISTINCT_DERIVED_0";
  merge.aggregations[0].result_label = "COUNT(DISTINCT k)";
  std::vector<std::string> columns{"AGGREGATION_DISTINCT_DERIVED_0", "s"};
  ResultSet a{columns, {{I(1), I(1)}, {I(2), I(2)}, {kNull, kNull}}};
  ResultSet b{columns, {{I(2), I(2)}, {I(5), I(5)}}};
  ResultSet result = Merge(merge, {a, b});
  EXPECT_EQ(result.columns, (std::vector<std::string>{"COUNT(DISTINCT k)", "s"}));
  EXPECT_EQ(result.rows, (std::vector<Row>{{Value::Long(3), D("8")}}));
}

TEST(MergeGroupTest, DistinctGroupConcatDropsRepeatedItems) {
  MergeInstructions merge = Required();
  merge.aggregations = {Aggregate(AggregationType::GroupConcat, 0, true)};
  ResultSet a{{"g"}, {{S("a,b")}}};
  ResultSet b{{"g"}, {{S("b,c")}}};
  EXPECT_EQ(Rows(merge, {a, b}), (std::vector<Row>{{S("a,b,c")}}));
}

TEST(MergeDistinctTest, DropsRowsSeenInAnotherUnit) {
  MergeInstructions merge = Required();
  merge.distinct = true;
  merge.order_by = {Asc(0)};
  ResultSet a{{"c"}, {{S("a")}, {S("b")}}};
  ResultSet b{{"c"}, {{S("A")}, {S("c")}}};
  EXPECT_EQ(Rows(merge, {a, b}), (std::vector<Row>{{S("a")}, {S("b")}, {S("c")}}));
}

TEST(MergeLimitTest, AppliesTheOriginalOffsetAndRowCount) {
  MergeInstructions merge = Required();
  merge.order_by = {Asc(0)};
  merge.offset = 1;
  merge.row_count = 2;
  ResultSet a{{"n"}, {{I(1)}, {I(4)}, {I(5)}}};
  ResultSet b{{"n"}, {{I(2)}, {I(3)}}};
  EXPECT_EQ(Rows(merge, {a, b}), (std::vector<Row>{{I(2)}, {I(3)}}));
  merge.offset = 10;
  EXPECT_TRUE(Rows(merge, {a, b}).empty());
}

TEST(MergeLayoutTest, HidesDerivedColumnsAndFindsColumnsByLabel) {
  MergeInstructions merge = Required();
  merge.order_by = {{{"ORDER_BY_DERIVED_0", -1}, false}};
  merge.derived_labels = {"ORDER_BY_DERIVED_0"};
  ResultSet a{{"c", "ORDER_BY_DERIVED_0"}, {{S("x"), I(2)}}};
  ResultSet b{{"c", "order_by_derived_0"}, {{S("y"), I(1)}}};
  ResultSet result = Merge(merge, {a, b});
  EXPECT_EQ(result.columns, std::vector<std::string>{"c"});
  EXPECT_EQ(result.rows, (std::vector<Row>{{S("y")}, {S("x")}}));
}

TEST(MergeLayoutTest, TransformsEveryVisibleValue) {
  MergeInstructions merge = Required();
  ResultSet a{{"id", "secret"}, {{I(1), S("6B")}}};
  MergeOptions options;
  options.transform = [](std::size_t column, const Value& value) {
    return column == 1 ? Value::String("plain:" + value.text()) : value;
  };
  EXPECT_EQ(Merge(merge, {a}, options).rows, (std::vector<Row>{{I(1), S("plain:6B")}}));
}

ErrorCode CodeOf(const std::function<void()>& call) {
  try {
    call();
  } catch (const Error& error) {
    return error.code();
  }
  return ErrorCode::INTERNAL_ERROR;
}

TEST(MergeLayoutTest, RejectsResultsThatDoNotFit) {
  MergeInstructions merge = Required();
  EXPECT_EQ(CodeOf([&] { Merge(merge, {{{"a", "b"}, {}}, {{"a"}, {}}}); }), ErrorCode::MERGE_COLUMNS_MISMATCH);
  EXPECT_EQ(CodeOf([&] { Merge(merge, {{{"a"}, {}}, {{"b"}, {}}}); }), ErrorCode::MERGE_COLUMNS_MISMATCH);
  merge.order_by = {{{"missing", -1}, false}};
  EXPECT_EQ(CodeOf([&] { Merge(merge, {{{"a"}, {}}}); }), ErrorCode::MERGE_COLUMN_NOT_FOUND);
  merge.order_by = {};
  merge.derived_labels = {"ORDER_BY_DERIVED_0"};
  EXPECT_EQ(CodeOf([&] { Merge(merge, {{{"a"}, {}}}); }), ErrorCode::MERGE_COLUMN_NOT_FOUND);
  merge.derived_labels = {};
  merge.aggregations = {Aggregate(AggregationType::Sum, 0)};
  EXPECT_EQ(CodeOf([&] { Merge(merge, {{{"s"}, {{S("abc")}}}}); }), ErrorCode::MERGE_VALUE_INVALID);
}

Engine SysbenchEngine() {
  return Engine::FromYamlFile(std::string(SQLROUTE_TESTS_DIR) + "/golden/rules/sysbench_sharding.yaml");
}

TEST(MergeRewriteTest, DistinctAggregatesReturnTheUnitsDistinctValues) {
  Plan plan = SysbenchEngine().Route("SELECT COUNT(DISTINCT k), SUM(DISTINCT k) AS s, COUNT(DISTINCT c) FROM t_user");
  ASSERT_GT(plan.units.size(), 1u);
  const std::string per_table =
      "SELECT DISTINCT k AS AGGREGATION_DISTINCT_DERIVED_0, k AS s, c AS AGGREGATION_DISTINCT_DERIVED_1 FROM t_user_";
  EXPECT_EQ(plan.units[0].sql, per_table + "0 UNION ALL " + per_table + "4 UNION ALL " + per_table + "8");
  ASSERT_EQ(plan.merge.aggregations.size(), 3u);
  EXPECT_EQ(plan.merge.aggregations[0].column.label, "AGGREGATION_DISTINCT_DERIVED_0");
  EXPECT_EQ(plan.merge.aggregations[0].result_label, "COUNT(DISTINCT k)");
  EXPECT_EQ(plan.merge.aggregations[1].column.label, "s");
}

TEST(MergeRewriteTest, GroupConcatSeparatorReachesTheInstructions) {
  Engine engine = SysbenchEngine();
  Plan custom = engine.Route("SELECT GROUP_CONCAT(c SEPARATOR 'it''s') FROM t_user");
  ASSERT_EQ(custom.merge.aggregations.size(), 1u);
  EXPECT_EQ(custom.merge.aggregations[0].separator, "it's");
  Plan fallback = engine.Route("SELECT GROUP_CONCAT(c) FROM t_user");
  EXPECT_EQ(fallback.merge.aggregations.at(0).separator, ",");
}

}  // namespace
}  // namespace sqlroute
