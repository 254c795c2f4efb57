// MergeFeed: the units' rows pushed as a proxy reads them, in random schedules, must merge to
// what the in-memory Merge gives for the same units; the feed waits only on units whose rows it
// needs, so a sorted GROUP BY holds one row per unit and one group, and LIMIT stops the reads.
#include <gtest/gtest.h>

#include <sqlroute/sqlroute.h>

#include <random>
#include <set>

#include "mini_select.h"
#include "support/value_shorthands.h"

namespace sqlroute {
namespace {

using testing::EvaluateSelect;
using testing::Table;
using testing_support::I;

// Pushes the units' rows into a feed: a unit gets its next row (or its end) when the feed waits
// on it, and, with `ahead_chance`, rows ahead of that at random.
class Feeder {
 public:
  Feeder(MergeFeed& feed, const std::vector<ResultSet>& units, std::mt19937& random, double ahead_chance = 0)
      : feed_(feed), units_(units), random_(random), ahead_chance_(ahead_chance), next_(units.size()) {}

  // The next merged row, pushing what the feed waits on; false at the end.
  bool NextRow(Row& row) {
    while (true) {
      MergeFeed::Step step = feed_.Next(row);
      if (step != MergeFeed::Step::Wait) {
        if (step == MergeFeed::Step::Row) PushAhead();
        return step == MergeFeed::Step::Row;
      }
      bool waited = false;
      for (std::size_t unit = 0; unit < units_.size(); ++unit) {
        if (!feed_.waits_on(unit)) continue;
        waited = true;
        PushOne(unit);
      }
      EXPECT_TRUE(waited) << "a Wait names no unit";
      if (!waited) return false;
    }
  }
  std::vector<Row> Drain() {
    std::vector<Row> rows;
    for (Row row; NextRow(row);) rows.push_back(row);
    return rows;
  }
  std::size_t pushed(std::size_t unit) const { return next_[unit]; }
  std::size_t pushed() const {
    std::size_t total = 0;
    for (std::size_t count : next_) total += count;
    return total;
  }

 private:
  void PushOne(std::size_t unit) {
    if (next_[unit] == units_[unit].rows.size()) {
      feed_.End(unit);
      ended_.insert(unit);
      return;
    }
    feed_.Push(unit, units_[unit].rows[next_[unit]++]);
  }
  void PushAhead() {
    if (ahead_chance_ == 0) return;
    for (std::size_t unit = 0; unit < units_.size(); ++unit) {
      if (!ended_.count(unit) && std::bernoulli_distribution(ahead_chance_)(random_)) PushOne(unit);
    }
  }

  MergeFeed& feed_;
  const std::vector<ResultSet>& units_;
  std::mt19937& random_;
  double ahead_chance_;
  std::vector<std::size_t> next_;
  std::set<std::size_t> ended_;
};

std::vector<std::vector<std::string>> ColumnsOf(const std::vector<ResultSet>& units) {
  std::vector<std::vector<std::string>> columns;
  for (const ResultSet& unit : units) columns.push_back(unit.columns);
  return columns;
}

struct Scenario {
  Collation collation;
  std::vector<std::string> strings;
};

void PrintTo(const Scenario& scenario, std::ostream* out) {
  *out << (scenario.collation == Collation::Binary ? "binary" : "general_ci");
}

class MergeFeedTest : public ::testing::TestWithParam<Scenario> {
 protected:
  MergeFeedTest()
      : engine_(Engine::FromYamlFile(std::string(SQLROUTE_TESTS_DIR) + "/golden/rules/sysbench_sharding.yaml")) {}

  // t_user over its ten actual tables: id unique, k a small int or NULL, c a scenario string or NULL.
  std::map<std::string, Table> RandomTables(std::mt19937& random, int max_rows) const {
    std::map<std::string, Table> tables;
    const std::vector<std::string> columns{"id", "k", "c"};
    for (int shard = 0; shard < 10; ++shard) tables["T_USER_" + std::to_string(shard)].columns = columns;
    int rows = std::uniform_int_distribution<int>(0, max_rows)(random);
    const std::vector<std::string>& strings = GetParam().strings;
    for (int id = 0; id < rows; ++id) {
      Value k = random() % 5 == 0 ? Value() : Value::Int(static_cast<int32_t>(random() % 12) - 3);
      Value c = random() % 5 == 0 ? Value() : Value::String(strings[random() % strings.size()]);
      tables["T_USER_" + std::to_string(id % 10)].rows.push_back(Row{Value::Int(id), k, c});
    }
    return tables;
  }

  std::vector<ResultSet> Units(const Plan& plan, const std::map<std::string, Table>& tables) const {
    std::vector<ResultSet> units;
    for (const SqlUnit& unit : plan.units) units.push_back(EvaluateSelect(unit.sql, tables, GetParam().collation));
    return units;
  }

  // The feed, in random schedules, against Merge on the same units.
  void Check(const std::string& sql, const std::optional<MergeExpr>& having = std::nullopt) {
    std::mt19937 random(static_cast<unsigned>(std::hash<std::string>()(sql)));
    Plan plan = engine_.Route(sql);
    ASSERT_GT(plan.units.size(), 1u) << sql;
    if (having) plan.merge.having = having;
    MergeOptions options{GetParam().collation, {}};
    for (int round = 0; round < 40; ++round) {
      std::vector<ResultSet> units = Units(plan, RandomTables(random, 80));
      ResultSet expected = Merge(plan.merge, units, options);
      MergeFeed feed(plan.merge, ColumnsOf(units), options);
      ASSERT_EQ(feed.columns(), expected.columns) << sql;
      Feeder feeder(feed, units, random, round % 2 == 0 ? 0.0 : 0.3);
      std::vector<Row> rows = feeder.Drain();
      ASSERT_EQ(rows.size(), expected.rows.size()) << sql << " round " << round;
      for (std::size_t i = 0; i < rows.size(); ++i) ASSERT_EQ(rows[i], expected.rows[i]) << sql << " row " << i;
    }
  }

  Engine engine_;
};

MergeExpr Column(int index) {
  MergeExpr result;
  result.kind = MergeExprKind::Column;
  result.column = {"", index};
  return result;
}

MergeExpr Greater(MergeExpr left, Value right) {
  MergeExpr literal;
  literal.kind = MergeExprKind::Literal;
  literal.literal = std::move(right);
  MergeExpr result;
  result.kind = MergeExprKind::Compare;
  result.op = ">";
  result.children = {std::move(left), std::move(literal)};
  return result;
}

TEST_P(MergeFeedTest, OrderByAndLimit) {
  Check("SELECT id, k, c FROM t_user ORDER BY k DESC, id LIMIT 3, 7");
  Check("SELECT id, k, c FROM t_user ORDER BY c, id DESC");
  Check("SELECT c FROM t_user ORDER BY c DESC, id LIMIT 0, 10");
  Check("SELECT id, c FROM t_user LIMIT 5, 20");
}

TEST_P(MergeFeedTest, SortedGroupsWithAggregates) {
  Check("SELECT k, COUNT(*), SUM(id), MIN(c), MAX(id), AVG(id), BIT_XOR(id) FROM t_user GROUP BY k");
  Check("SELECT c, COUNT(k), SUM(k), AVG(k) FROM t_user GROUP BY c ORDER BY c DESC LIMIT 1, 3");
  Check("SELECT k, c, COUNT(*) FROM t_user GROUP BY k, c ORDER BY c, k");
  Check("SELECT k, COUNT(DISTINCT c), SUM(DISTINCT id), AVG(DISTINCT id) FROM t_user GROUP BY k");
}

TEST_P(MergeFeedTest, HavingOnMergedGroups) {
  Check("SELECT k, COUNT(*) FROM t_user GROUP BY k", Greater(Column(1), I(3)));
  Check("SELECT c, SUM(id) FROM t_user GROUP BY c LIMIT 1, 2", Greater(Column(1), I(400)));
}

TEST_P(MergeFeedTest, BufferingMerges) {
  Check("SELECT k, COUNT(*) FROM t_user GROUP BY k ORDER BY COUNT(*) DESC, k LIMIT 4");
  Check("SELECT COUNT(*), SUM(k), AVG(k), MIN(c), MAX(c) FROM t_user");
  Check("SELECT DISTINCT k, c FROM t_user ORDER BY k DESC, c LIMIT 1, 6");
}

TEST_P(MergeFeedTest, ASortedGroupEndsAtTheNextGroupsFirstRow) {
  Plan plan = engine_.Route("SELECT k, COUNT(*) FROM t_user GROUP BY k");
  std::vector<ResultSet> units(plan.units.size(), ResultSet{{"k", "COUNT(*)"}, {}});
  for (ResultSet& unit : units) {
    for (int k = 0; k < 100; ++k) unit.rows.push_back({I(k), I(1)});
  }
  MergeFeed feed(plan.merge, ColumnsOf(units), {GetParam().collation, {}});
  std::mt19937 random(7);
  Feeder feeder(feed, units, random);
  Row row;
  for (int k = 0; feeder.NextRow(row); ++k) {
    EXPECT_EQ(row, (Row{I(k), Value::Long(static_cast<int64_t>(units.size()))}));
    // the group's row and the next group's of every unit: nothing more is read
    for (std::size_t unit = 0; unit < units.size(); ++unit) ASSERT_LE(feeder.pushed(unit), k + 2u);
  }
  EXPECT_EQ(feeder.pushed(), units.size() * 100);
}

TEST_P(MergeFeedTest, LimitStopsTheReads) {
  Plan plan = engine_.Route("SELECT id FROM t_user ORDER BY id LIMIT 2, 3");
  std::vector<ResultSet> units(plan.units.size(), ResultSet{{"id"}, {}});
  for (std::size_t unit = 0; unit < units.size(); ++unit) {
    for (int id = 0; id < 1000; ++id) units[unit].rows.push_back({I(id * 10 + static_cast<int>(unit))});
  }
  MergeFeed feed(plan.merge, ColumnsOf(units), {GetParam().collation, {}});
  std::mt19937 random(7);
  Feeder feeder(feed, units, random);
  EXPECT_EQ(feeder.Drain(), (std::vector<Row>{{I(2)}, {I(3)}, {I(4)}}));
  // each unit's head, then one row for each of the five rows taken but the last
  EXPECT_LE(feeder.pushed(), units.size() + 4);
}

TEST_P(MergeFeedTest, ARowUnlikeItsColumnsIsAnError) {
  Plan plan = engine_.Route("SELECT id, k FROM t_user ORDER BY id");
  std::vector<std::vector<std::string>> columns(plan.units.size(), {"id", "k"});
  MergeFeed feed(plan.merge, columns, {GetParam().collation, {}});
  try {
    feed.Push(3, {I(1)});
    FAIL() << "a short row was pushed";
  } catch (const Error& error) {
    EXPECT_EQ(error.code(), ErrorCode::MERGE_ROW_LENGTH);
  }
}

INSTANTIATE_TEST_SUITE_P(Collations, MergeFeedTest,
                         ::testing::Values(Scenario{Collation::Binary, {"a", "B", "b", "c d", ""}},
                                           Scenario{Collation::GeneralCi, {"apple", "APPLE", "Banana", "banana ", ""}}),
                         [](const ::testing::TestParamInfo<Scenario>& info) {
                           return info.param.collation == Collation::Binary ? "Binary" : "GeneralCi";
                         });

}  // namespace
}  // namespace sqlroute
