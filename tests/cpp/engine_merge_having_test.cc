// The merge's HAVING, WITH ROLLUP, AVG(DISTINCT) and row checks on hand-written unit results,
// and the rewrite that feeds them.
#include <gtest/gtest.h>

#include <sqlroute/sqlroute.h>
#include <sqlroute/merge.h>

#include <functional>

#include "support/value_shorthands.h"

namespace sqlroute {
namespace {

using testing_support::D;
using testing_support::I;
using testing_support::kNull;
using testing_support::S;

MergeExpr Col(int index) {
  MergeExpr result;
  result.kind = MergeExprKind::Column;
  result.column = {"", index};
  return result;
}

MergeExpr Lit(Value value) {
  MergeExpr result;
  result.kind = MergeExprKind::Literal;
  result.literal = std::move(value);
  return result;
}

MergeExpr Op(MergeExprKind kind, std::vector<MergeExpr> children, std::string op = "", bool negated = false) {
  MergeExpr result;
  result.kind = kind;
  result.op = std::move(op);
  result.children = std::move(children);
  result.negated = negated;
  return result;
}

MergeAggregation Aggregate(AggregationType type, int index, bool distinct = false) {
  MergeAggregation result;
  result.type = type;
  result.column = {"", index};
  result.distinct = distinct;
  return result;
}

ErrorCode CodeOf(const std::function<void()>& call) {
  try {
    call();
  } catch (const Error& error) {
    return error.code();
  }
  return ErrorCode::INTERNAL_ERROR;
}

// Evaluates `expr` as the HAVING of a merge over one row without grouping: the row when true.
bool Keeps(const MergeExpr& expr, Row row = {I(0)}) {
  MergeInstructions merge;
  merge.required = true;
  merge.having = expr;
  std::vector<std::string> columns(row.size(), "c");
  for (std::size_t i = 0; i < columns.size(); ++i) columns[i] += std::to_string(i);
  return !Merge(merge, {{columns, {row}}}).rows.empty();
}

MergeExpr Compare(MergeExpr a, const char* op, MergeExpr b) {
  return Op(MergeExprKind::Compare, {std::move(a), std::move(b)}, op);
}

MergeExpr Arithmetic(MergeExpr a, const char* op, MergeExpr b) {
  return Op(MergeExprKind::Arithmetic, {std::move(a), std::move(b)}, op);
}

TEST(MergeHavingTest, FiltersMergedGroupsNotUnitGroups) {
  MergeInstructions merge;
  merge.required = true;
  merge.group_by = {{{"", 0}, false}};
  merge.order_by = merge.group_by;
  merge.aggregations = {Aggregate(AggregationType::Count, 1)};
  merge.having = Compare(Col(1), ">", Lit(I(2)));
  // Group "a" has 2 rows in each unit: each unit alone would drop it.
  ResultSet a{{"name", "COUNT(*)"}, {{S("a"), I(2)}, {S("b"), I(3)}, {S("c"), I(1)}}};
  ResultSet b{{"name", "COUNT(*)"}, {{S("A"), I(2)}, {S("c"), I(1)}}};
  EXPECT_EQ(Merge(merge, {a, b}).rows, (std::vector<Row>{{S("a"), Value::Long(4)}, {S("b"), Value::Long(3)}}));
}

TEST(MergeHavingTest, HidesDerivedColumnsAfterFilteringAndLimits) {
  MergeInstructions merge;
  merge.required = true;
  merge.group_by = {{{"", 0}, false}};
  merge.order_by = merge.group_by;
  merge.aggregations = {Aggregate(AggregationType::Sum, 1)};
  merge.having = Compare(Col(1), "<", Lit(I(10)));
  merge.derived_labels = {"HAVING_DERIVED_0"};
  merge.row_count = 1;
  ResultSet a{{"g", "HAVING_DERIVED_0"}, {{I(1), D("8")}, {I(2), D("1")}, {I(3), D("2")}}};
  ResultSet b{{"g", "HAVING_DERIVED_0"}, {{I(1), D("5")}, {I(3), D("3")}}};
  ResultSet result = Merge(merge, {a, b});
  EXPECT_EQ(result.columns, std::vector<std::string>{"g"});
  EXPECT_EQ(result.rows, (std::vector<Row>{{I(2)}}));
}

TEST(MergeHavingTest, ComparisonsAndLogicAreThreeValued) {
  MergeExpr null_gt = Compare(Lit(kNull), ">", Lit(I(1)));
  EXPECT_FALSE(Keeps(null_gt));
  EXPECT_FALSE(Keeps(Op(MergeExprKind::Not, {null_gt})));
  EXPECT_TRUE(Keeps(Op(MergeExprKind::Or, {null_gt, Lit(I(1))})));
  EXPECT_FALSE(Keeps(Op(MergeExprKind::And, {null_gt, Lit(I(1))})));
  EXPECT_TRUE(Keeps(Op(MergeExprKind::Not, {Op(MergeExprKind::And, {null_gt, Lit(I(0))})})));
  EXPECT_TRUE(Keeps(Compare(Lit(kNull), "<=>", Lit(kNull))));
  EXPECT_TRUE(Keeps(Op(MergeExprKind::Xor, {Lit(I(1)), Lit(I(0))})));
  EXPECT_TRUE(Keeps(Op(MergeExprKind::IsNull, {Col(0)}), {kNull}));
  EXPECT_TRUE(Keeps(Op(MergeExprKind::IsNull, {Col(0)}, "", true), {I(3)}));
}

TEST(MergeHavingTest, NumbersCompareByValueAndStringsByCollation) {
  EXPECT_TRUE(Keeps(Compare(Col(0), "=", Lit(D("2.50"))), {Value::Double(2.5)}));
  EXPECT_TRUE(Keeps(Compare(Col(0), "=", Lit(S("ALICE "))), {S("alice")}));
  EXPECT_TRUE(Keeps(Compare(Col(0), "<>", Lit(S("b"))), {S("a")}));
  EXPECT_TRUE(Keeps(Compare(Col(0), ">", Lit(Value::Long(9))), {Value::BigInt("99999999999999999999")}));
}

TEST(MergeHavingTest, ArithmeticFollowsMySql) {
  // 7 / 2 = 3.5000 (div_precision_increment 4); DIV truncates; % keeps the dividend's sign.
  EXPECT_TRUE(Keeps(Compare(Arithmetic(Lit(I(7)), "/", Lit(I(2))), "=", Lit(D("3.5")))));
  EXPECT_TRUE(Keeps(Compare(Arithmetic(Lit(I(-7)), "DIV", Lit(I(2))), "=", Lit(I(-3)))));
  EXPECT_TRUE(Keeps(Compare(Arithmetic(Lit(I(-7)), "%", Lit(I(3))), "=", Lit(I(-1)))));
  EXPECT_TRUE(Keeps(Compare(Arithmetic(Lit(D("1.25")), "%", Lit(D("0.5"))), "=", Lit(D("0.25")))));
  EXPECT_TRUE(Keeps(Compare(Arithmetic(Lit(D("0.1")), "+", Lit(D("0.2"))), "=", Lit(D("0.3")))));
  EXPECT_TRUE(Keeps(Compare(Arithmetic(Lit(I(3)), "*", Lit(D("1.5"))), "=", Lit(D("4.5")))));
  EXPECT_TRUE(Keeps(Compare(Arithmetic(Lit(I(2)), "/", Lit(I(3))), "=", Lit(D("0.6667")))));
  EXPECT_TRUE(Keeps(Compare(Op(MergeExprKind::Negate, {Lit(I(4))}), "<", Lit(I(0)))));
  EXPECT_TRUE(Keeps(Op(MergeExprKind::IsNull, {Arithmetic(Lit(I(1)), "/", Lit(I(0)))})));
  EXPECT_TRUE(Keeps(Op(MergeExprKind::IsNull, {Arithmetic(Lit(kNull), "+", Lit(I(1)))})));
}

TEST(MergeHavingTest, InAndBetween) {
  MergeExpr in = Op(MergeExprKind::In, {Col(0), Lit(I(1)), Lit(I(3))});
  EXPECT_TRUE(Keeps(in, {I(3)}));
  EXPECT_FALSE(Keeps(in, {I(2)}));
  MergeExpr in_null = Op(MergeExprKind::In, {Col(0), Lit(I(1)), Lit(kNull)}, "", true);
  EXPECT_FALSE(Keeps(in_null, {I(2)}));  // 2 NOT IN (1, NULL) is NULL
  MergeExpr between = Op(MergeExprKind::Between, {Col(0), Lit(I(2)), Lit(I(4))});
  EXPECT_TRUE(Keeps(between, {I(4)}));
  EXPECT_FALSE(Keeps(between, {I(5)}));
  EXPECT_TRUE(Keeps(Op(MergeExprKind::Between, {Col(0), Lit(I(2)), Lit(I(4))}, "", true), {I(5)}));
}

TEST(MergeRollupTest, AddsSuperAggregateRowsAfterEachPrefix) {
  MergeInstructions merge;
  merge.required = true;
  merge.group_by = {{{"", 0}, false}, {{"", 1}, false}};
  merge.order_by = merge.group_by;
  merge.aggregations = {Aggregate(AggregationType::Sum, 2), Aggregate(AggregationType::Count, 3, true)};
  merge.aggregations[1].result_label = "COUNT(DISTINCT x)";
  merge.rollup = true;
  std::vector<std::string> columns{"a", "b", "SUM(n)", "x"};
  ResultSet u0{columns, {{I(1), I(1), D("2"), S("p")}, {I(1), I(2), D("3"), S("q")}, {I(2), I(1), D("4"), S("p")}}};
  ResultSet u1{columns, {{I(1), I(1), D("5"), S("q")}, {I(2), I(1), D("1"), S("r")}}};
  ResultSet result = Merge(merge, {u0, u1});
  EXPECT_EQ(result.columns, (std::vector<std::string>{"a", "b", "SUM(n)", "COUNT(DISTINCT x)"}));
  Value L1 = Value::Long(1), L2 = Value::Long(2), L3 = Value::Long(3);
  EXPECT_EQ(result.rows, (std::vector<Row>{{I(1), I(1), D("7"), L2},
                                           {I(1), I(2), D("3"), L1},
                                           {I(1), kNull, D("10"), L2},
                                           {I(2), I(1), D("5"), L2},
                                           {I(2), kNull, D("5"), L2},
                                           {kNull, kNull, D("15"), L3}}));
}

TEST(MergeRollupTest, NoRowsGiveNoRows) {
  MergeInstructions merge;
  merge.required = true;
  merge.group_by = {{{"", 0}, false}};
  merge.order_by = merge.group_by;
  merge.aggregations = {Aggregate(AggregationType::Count, 1)};
  merge.rollup = true;
  EXPECT_TRUE(Merge(merge, {{{"a", "n"}, {}}, {{"a", "n"}, {}}}).rows.empty());
}

TEST(MergeGroupTest, AverageOfDistinctValuesAcrossUnits) {
  MergeInstructions merge;
  merge.required = true;
  merge.aggregations = {Aggregate(AggregationType::Avg, 0, true)};
  merge.aggregations[0].result_label = "AVG(DISTINCT k)";
  // 2 appears in both units: AVG(DISTINCT) of {1, 2, 6} is 3.0000, not (1+2+2+6)/4.
  ResultSet a{{"AGGREGATION_DISTINCT_DERIVED_0"}, {{I(1)}, {I(2)}}};
  ResultSet b{{"AGGREGATION_DISTINCT_DERIVED_0"}, {{I(2)}, {I(6)}, {kNull}}};
  ResultSet result = Merge(merge, {a, b});
  EXPECT_EQ(result.columns, std::vector<std::string>{"AVG(DISTINCT k)"});
  EXPECT_EQ(result.rows, (std::vector<Row>{{D("3.0000")}}));
}

TEST(MergeRowLengthTest, RowsLongerOrShorterThanTheColumnsAreRejected) {
  MergeInstructions required;
  required.required = true;
  EXPECT_EQ(CodeOf([&] { Merge(required, {{{"a"}, {{I(1)}}}, {{"a"}, {{I(1), I(2)}}}}); }),
            ErrorCode::MERGE_ROW_LENGTH);
  EXPECT_EQ(CodeOf([&] { Merge(required, {{{"a", "b"}, {{I(1)}}}}); }), ErrorCode::MERGE_ROW_LENGTH);
  MergeInstructions passthrough;
  EXPECT_EQ(CodeOf([&] { Merge(passthrough, {{{"a"}, {{I(1), I(2)}}}}); }), ErrorCode::MERGE_ROW_LENGTH);
  EXPECT_EQ(CodeOf([&] { Merge(passthrough, {{{"a"}, {{}}}}); }), ErrorCode::MERGE_ROW_LENGTH);
}

// The merge evaluates HAVING (the default of the prop having-merge-enabled).
Engine SysbenchEngine() {
  return Engine::FromYamlFile(std::string(SQLROUTE_TESTS_DIR) + "/golden/rules/sysbench_sharding_in_list_split.yaml");
}

TEST(MergeHavingRewriteTest, UnitsLoseTheHavingAndItsParametersAndGetWhatItNeeds) {
  Plan plan = SysbenchEngine().Route(
      "SELECT name, COUNT(*) AS n FROM t_user WHERE k > ? GROUP BY name HAVING n > ? AND AVG(k) < ? LIMIT ?",
      {Value::Int(5), Value::Int(10), Value::Int(900), Value::Int(3)});
  ASSERT_GT(plan.units.size(), 1u);
  EXPECT_EQ(plan.units[0].sql,
            "SELECT name, COUNT(*) AS n, AVG(k) AS HAVING_DERIVED_0, COUNT(k) AS AVG_DERIVED_COUNT_0, SUM(k) AS "
            "AVG_DERIVED_SUM_0 FROM t_user_0 WHERE k > ? GROUP BY name ORDER BY name ASC LIMIT ?");
  EXPECT_EQ(plan.units[0].params, (std::vector<Value>{Value::Int(5), Value::Long(2147483647)}));
  EXPECT_EQ(plan.merge.derived_labels,
            (std::vector<std::string>{"HAVING_DERIVED_0", "AVG_DERIVED_COUNT_0", "AVG_DERIVED_SUM_0"}));
  ASSERT_TRUE(plan.merge.having.has_value());
  const MergeExpr& having = *plan.merge.having;
  ASSERT_EQ(having.kind, MergeExprKind::And);
  EXPECT_EQ(having.children[0].children[0].column.label, "n");
  EXPECT_EQ(having.children[0].children[1].literal, Value::Int(10));
  EXPECT_EQ(having.children[1].children[0].column.label, "HAVING_DERIVED_0");
  EXPECT_EQ(plan.merge.row_count, 3);
}

TEST(MergeHavingRewriteTest, ParenthesizedHavingAndRepeatedAggregatesAreDerivedOnce) {
  Plan plan = SysbenchEngine().Route("SELECT k FROM t_user GROUP BY k HAVING (MAX(id) > 3 OR MAX(id) < 1) ORDER BY k");
  EXPECT_EQ(plan.units[0].sql, "SELECT k, MAX(id) AS HAVING_DERIVED_0 FROM t_user_0 GROUP BY k ORDER BY k");
  EXPECT_EQ(plan.merge.aggregations.size(), 1u);
}

TEST(MergeHavingRewriteTest, CopiedExpressionsNameEachUnitsActualTable) {
  Plan plan = SysbenchEngine().Route("SELECT t_user.k FROM t_user GROUP BY t_user.k HAVING MAX(t_user.id) > 3");
  EXPECT_EQ(plan.units[1].sql,
            "SELECT t_user_4.k, MAX(t_user_4.id) AS HAVING_DERIVED_0 FROM t_user_4 GROUP BY t_user_4.k "
            "ORDER BY t_user_4.k ASC");
}

TEST(MergeHavingRewriteTest, ASingleUnitKeepsItsHaving) {
  Plan plan = SysbenchEngine().Route("SELECT name FROM t_user WHERE id = 3 GROUP BY name HAVING COUNT(*) > 1");
  ASSERT_EQ(plan.units.size(), 1u);
  EXPECT_EQ(plan.units[0].sql, "SELECT name FROM t_user_3 WHERE id = 3 GROUP BY name HAVING COUNT(*) > 1");
  EXPECT_FALSE(plan.merge.having.has_value());
}

TEST(MergeOrderByAggregateTest, UnprojectedAggregatesAreMerged) {
  Plan plan = SysbenchEngine().Route("SELECT name FROM t_user GROUP BY name ORDER BY AVG(k) DESC, COUNT(*)");
  EXPECT_EQ(plan.units[0].sql,
            "SELECT name, AVG(k) AS ORDER_BY_DERIVED_0, COUNT(k) AS AVG_DERIVED_COUNT_0, SUM(k) AS AVG_DERIVED_SUM_0, "
            "COUNT(*) AS ORDER_BY_DERIVED_1 FROM t_user_0 GROUP BY name ORDER BY AVG(k) DESC, COUNT(*)");
  ASSERT_EQ(plan.merge.aggregations.size(), 2u);
  EXPECT_EQ(plan.merge.aggregations[0].type, AggregationType::Avg);
  EXPECT_EQ(plan.merge.aggregations[0].column.label, "ORDER_BY_DERIVED_0");
  EXPECT_EQ(plan.merge.aggregations[1].column.label, "ORDER_BY_DERIVED_1");
}

TEST(MergeDistinctRewriteTest, AverageOfDistinctReturnsTheUnitsDistinctValues) {
  Plan plan = SysbenchEngine().Route("SELECT status, AVG(DISTINCT k) FROM t_user GROUP BY status");
  EXPECT_EQ(plan.units[0].sql,
            "SELECT DISTINCT status, k AS AGGREGATION_DISTINCT_DERIVED_0 FROM t_user_0 GROUP BY status, k "
            "ORDER BY status ASC");
  ASSERT_EQ(plan.merge.aggregations.size(), 1u);
  EXPECT_TRUE(plan.merge.aggregations[0].distinct);
  EXPECT_EQ(plan.merge.aggregations[0].result_label, "AVG(DISTINCT k)");
}

TEST(MergeDistinctRewriteTest, OtherAggregatesWithoutGroupByAreGroupedByTheDistinctArguments) {
  Plan plan = SysbenchEngine().Route(
      "SELECT COUNT(*), COUNT(DISTINCT k), AVG(c) FROM t_user WHERE id > 3 HAVING COUNT(*) > 1 LIMIT 1");
  EXPECT_EQ(plan.units[0].sql,
            "SELECT DISTINCT COUNT(*), k AS AGGREGATION_DISTINCT_DERIVED_0, AVG(c), COUNT(c) AS AVG_DERIVED_COUNT_0, "
            "SUM(c) AS AVG_DERIVED_SUM_0 FROM t_user_0 WHERE id > 3 GROUP BY k LIMIT 2147483647");
  Plan ordered = SysbenchEngine().Route("SELECT MAX(k), SUM(DISTINCT k) FROM t_user /* c */ ORDER BY 1");
  EXPECT_EQ(ordered.units[0].sql,
            "SELECT DISTINCT MAX(k), k AS AGGREGATION_DISTINCT_DERIVED_0 FROM t_user_0 /* c */ GROUP BY k ORDER BY 1");
}

TEST(MergeRollupRewriteTest, UnitsGroupWithoutRollupInGroupOrder) {
  Plan plan = SysbenchEngine().Route("SELECT k, COUNT(*) FROM t_user GROUP BY k WITH ROLLUP LIMIT 5");
  EXPECT_EQ(plan.units[0].sql, "SELECT k, COUNT(*) FROM t_user_0 GROUP BY k ORDER BY k ASC LIMIT 2147483647");
  EXPECT_TRUE(plan.merge.rollup);
}

TEST(MergeRewriteLimitsTest, WhatTheMergeCannotCombineIsATypedError) {
  Engine engine = SysbenchEngine();
  for (const char* sql : {
           "SELECT GROUP_CONCAT(c ORDER BY c) FROM t_user",
           "SELECT k, COUNT(*) FROM t_user GROUP BY k WITH ROLLUP ORDER BY k DESC",
           "SELECT k, COUNT(DISTINCT c) FROM t_user GROUP BY k WITH ROLLUP",
           "SELECT k FROM t_user GROUP BY k HAVING STD(id) > 1",
           "SELECT BIT_AND(k) FROM t_user",
           "SELECT k FROM t_user GROUP BY k HAVING k > (SELECT 1)",
           "SELECT k FROM t_user GROUP BY k HAVING ABS(k) > 1",
           "SELECT k FROM t_user GROUP BY k ORDER BY SUM(k + ?)",
       }) {
    std::vector<Value> params;
    if (std::string(sql).find('?') != std::string::npos) params.push_back(Value::Int(1));
    EXPECT_EQ(CodeOf([&] { engine.Route(sql, params); }), ErrorCode::UNSUPPORTED_SQL) << sql;
  }
}

}  // namespace
}  // namespace sqlroute
