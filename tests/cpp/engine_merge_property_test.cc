// Merge property: a random t_user split by the sysbench rule's MOD 10 over its actual tables;
// each unit's rewritten SELECT evaluated on its own table, merged, must equal the logic SELECT
// evaluated on the whole table.
#include <gtest/gtest.h>

#include <sqlroute/sqlroute.h>

#include <algorithm>
#include <random>

#include "mini_select.h"

namespace sqlroute {
namespace {

using testing::EvaluateSelect;
using testing::Table;

struct Scenario {
  Collation collation;
  std::vector<std::string> strings;  // distinct under the collation
};

void PrintTo(const Scenario& scenario, std::ostream* out) {
  *out << (scenario.collation == Collation::Binary ? "binary" : "general_ci");
}

class MergePropertyTest : public ::testing::TestWithParam<Scenario> {
 protected:
  MergePropertyTest()
      : engine_(Engine::FromYamlFile(std::string(SQLROUTE_TESTS_DIR) + "/golden/rules/sysbench_sharding.yaml")) {}

  // id unique, k a small int or NULL, c from the scenario's strings or NULL.
  std::map<std::string, Table> RandomTables(std::mt19937& random) const {
    std::map<std::string, Table> tables;
    const std::vector<std::string> columns{"id", "k", "c"};
    tables["T_USER"].columns = columns;
    for (int shard = 0; shard < 10; ++shard) tables["T_USER_" + std::to_string(shard)].columns = columns;
    std::vector<int> ids(120);
    for (int i = 0; i < 120; ++i) ids[static_cast<std::size_t>(i)] = i;
    std::shuffle(ids.begin(), ids.end(), random);
    ids.resize(std::uniform_int_distribution<std::size_t>(0, 60)(random));
    const std::vector<std::string>& strings = GetParam().strings;
    for (int id : ids) {
      Value k = random() % 5 == 0 ? Value() : Value::Int(static_cast<int32_t>(random() % 12) - 3);
      Value c = random() % 5 == 0 ? Value() : Value::String(strings[random() % strings.size()]);
      Row row{Value::Int(id), k, c};
      tables["T_USER"].rows.push_back(row);
      tables["T_USER_" + std::to_string(id % 10)].rows.push_back(row);
    }
    return tables;
  }

  // GROUP_CONCAT's item order is unspecified: compare its items sorted.
  static void NormalizeConcat(ResultSet& result) {
    for (std::size_t column = 0; column < result.columns.size(); ++column) {
      if (result.columns[column].rfind("GROUP_CONCAT(", 0) != 0) continue;
      for (Row& row : result.rows) {
        if (row[column].is_null()) continue;
        std::vector<std::string> items;
        std::string text = row[column].text();
        for (std::size_t at; (at = text.find('|')) != std::string::npos; text.erase(0, at + 1)) {
          items.push_back(text.substr(0, at));
        }
        items.push_back(text);
        std::sort(items.begin(), items.end());
        std::string joined;
        for (const std::string& item : items) joined += item + "|";
        row[column] = Value::String(joined);
      }
    }
  }

  void Check(const std::string& sql, bool ordered, int rounds = 60) {
    std::mt19937 random(static_cast<unsigned>(std::hash<std::string>()(sql)));
    Collation collation = GetParam().collation;
    Plan plan = engine_.Route(sql);
    ASSERT_GT(plan.units.size(), 1u) << sql;
    for (int round = 0; round < rounds; ++round) {
      std::map<std::string, Table> tables = RandomTables(random);
      std::vector<ResultSet> units;
      for (const SqlUnit& unit : plan.units) units.push_back(EvaluateSelect(unit.sql, tables, collation));
      ResultSet merged = Merge(plan.merge, units, {collation, {}});
      ResultSet expected = EvaluateSelect(sql, tables, collation);
      NormalizeConcat(merged);
      NormalizeConcat(expected);
      if (!ordered) {
        std::sort(merged.rows.begin(), merged.rows.end(), merge_rows_less_);
        std::sort(expected.rows.begin(), expected.rows.end(), merge_rows_less_);
      }
      ASSERT_EQ(merged.columns, expected.columns) << sql;
      ASSERT_EQ(merged.rows.size(), expected.rows.size()) << sql << "\n" << plan.units[0].sql;
      for (std::size_t i = 0; i < merged.rows.size(); ++i) {
        ASSERT_EQ(merged.rows[i], expected.rows[i]) << sql << " row " << i << "\n" << plan.units[0].sql;
      }
    }
  }

  Engine engine_;
  std::function<bool(const Row&, const Row&)> merge_rows_less_ = [](const Row& a, const Row& b) {
    for (std::size_t i = 0; i < a.size(); ++i) {
      int order = CompareForMerge(a[i], b[i], Collation::Binary);
      if (order != 0) return order < 0;
    }
    return false;
  };
};

TEST_P(MergePropertyTest, OrderByWithLimit) {
  Check("SELECT id, k, c FROM t_user ORDER BY k DESC, id LIMIT 3, 7", true);
  Check("SELECT id, k, c FROM t_user ORDER BY c, id DESC LIMIT 5", true);
  Check("SELECT id, c FROM t_user ORDER BY k, id", true);
  Check("SELECT c FROM t_user ORDER BY c DESC, id LIMIT 2, 10", true);
}

TEST_P(MergePropertyTest, GroupByWithAggregates) {
  Check("SELECT k, COUNT(*), SUM(id), MIN(c), MAX(id), AVG(id), BIT_XOR(id) FROM t_user GROUP BY k", false);
  Check("SELECT k, COUNT(c), AVG(id) FROM t_user GROUP BY k ORDER BY k DESC LIMIT 1, 3", true);
  Check("SELECT k, COUNT(*) FROM t_user GROUP BY k ORDER BY COUNT(*) DESC, k LIMIT 4", true);
  Check("SELECT c, COUNT(k), SUM(k), GROUP_CONCAT(id SEPARATOR '|') FROM t_user GROUP BY c", false);
  Check("SELECT c, MAX(k) FROM t_user GROUP BY c ORDER BY MAX(k), c", true);
}

TEST_P(MergePropertyTest, AggregatesWithoutGroupBy) {
  Check("SELECT COUNT(*), COUNT(k), SUM(k), AVG(k), MIN(c), MAX(c), BIT_XOR(k) FROM t_user", true);
  Check("SELECT COUNT(DISTINCT k) FROM t_user", true);
  Check("SELECT SUM(DISTINCT k) AS s FROM t_user", true);
}

TEST_P(MergePropertyTest, Distinct) {
  Check("SELECT DISTINCT k, c FROM t_user ORDER BY k DESC, c LIMIT 1, 6", true);
  Check("SELECT DISTINCT c FROM t_user", false);
  Check("SELECT DISTINCT k FROM t_user ORDER BY k", true);
}

INSTANTIATE_TEST_SUITE_P(Collations, MergePropertyTest,
                         ::testing::Values(Scenario{Collation::Binary, {"a", "B", "b", "c d", ""}},
                                           Scenario{Collation::GeneralCi, {"apple", "Banana", "cherry", "date ", ""}}),
                         [](const ::testing::TestParamInfo<Scenario>& info) {
                           return info.param.collation == Collation::Binary ? "Binary" : "GeneralCi";
                         });

}  // namespace
}  // namespace sqlroute
