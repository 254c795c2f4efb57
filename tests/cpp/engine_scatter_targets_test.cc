// What a table's units reach, per strategy level (the counts behind the scatter reasons): the
// walk over the data nodes and the shortcut for a standard route's units give exactly what the
// sort of every (data source, actual table) pair gives, for random subsets of data nodes in
// route order and in shuffled order, over layouts with and without a database strategy and
// with actual table names repeated across data sources or not.
#include <gtest/gtest.h>

#include <sqlroute/sqlroute.h>

#include <algorithm>
#include <random>
#include <string>
#include <vector>

#include "route/scatter_targets.h"
#include "rules/rule_set_access.h"

namespace sqlroute::route {
namespace {

const char* const kRules = R"(
dataSources:
  ds_0: {url: "jdbc:mysql://127.0.0.1:3306/d"}
  ds_1: {url: "jdbc:mysql://127.0.0.1:3306/d"}
  ds_2: {url: "jdbc:mysql://127.0.0.1:3306/d"}
  ds_3: {url: "jdbc:mysql://127.0.0.1:3306/d"}
rules:
- !SHARDING
  tables:
    t_both:
      actualDataNodes: ds_${0..2}.t_both_${0..3}
      databaseStrategy: {standard: {shardingColumn: uid, shardingAlgorithmName: db_mod}}
      tableStrategy: {standard: {shardingColumn: id, shardingAlgorithmName: table_mod}}
    t_spread:
      actualDataNodes: ds_0.t_spread_${0..2},ds_1.t_spread_${3..4},ds_2.t_spread_5
      databaseStrategy: {standard: {shardingColumn: uid, shardingAlgorithmName: db_mod}}
      tableStrategy: {standard: {shardingColumn: id, shardingAlgorithmName: table_mod}}
    t_tables_only:
      actualDataNodes: ds_${0..1}.t_tables_only_${0..3}
      tableStrategy: {standard: {shardingColumn: id, shardingAlgorithmName: table_mod}}
  autoTables:
    t_auto:
      actualDataSources: ds_${0..3}
      shardingStrategy: {standard: {shardingColumn: id, shardingAlgorithmName: auto_mod}}
  shardingAlgorithms:
    db_mod: {type: MOD, props: {sharding-count: 3}}
    table_mod: {type: MOD, props: {sharding-count: 4}}
    auto_mod: {type: MOD, props: {sharding-count: 10}}
)";

struct Node {
  std::size_t source;
  std::size_t actual;
};

// The table's data nodes as a standard route lists them: by data source, then by actual table.
std::vector<Node> RouteOrder(const rules::ShardingTable& table) {
  std::vector<Node> nodes;
  for (std::size_t s = 0; s < table.data_sources.size(); ++s) {
    for (std::size_t a = 0; a < table.actual_tables[s].size(); ++a) nodes.push_back({s, a});
  }
  return nodes;
}

RouteContext UnitsOf(const rules::ShardingTable& table, const std::vector<Node>& nodes) {
  RouteContext context;
  for (const Node& node : nodes) {
    const std::string& source = table.data_sources[node.source];
    context.units.push_back({source, source, {{table.logic_table, table.actual_tables[node.source][node.actual]}}});
  }
  return context;
}

void ExpectSame(const TableReach& expected, const TableReach& actual, const std::string& what) {
  EXPECT_EQ(expected.data_sources.count, actual.data_sources.count) << what;
  EXPECT_EQ(expected.data_sources.every, actual.data_sources.every) << what;
  EXPECT_EQ(expected.tables.count, actual.tables.count) << what;
  EXPECT_EQ(expected.tables.every, actual.tables.every) << what;
}

std::string Describe(const rules::ShardingTable& table, const std::vector<Node>& nodes) {
  std::string text = table.logic_table + ":";
  for (const Node& node : nodes) text += " " + table.data_sources[node.source] + "." + table.actual_tables[node.source][node.actual];
  return text;
}

class ScatterTargetsTest : public ::testing::TestWithParam<const char*> {
 protected:
  const rules::ShardingTable& Table() {
    static const std::shared_ptr<const RuleSet> rules = RuleSet::FromYamlString(kRules);
    return *rules::RuleSetAccess::Compiled(*rules).sharding->Find(GetParam());
  }
};

TEST_P(ScatterTargetsTest, WalkAndShortcutCountAsTheSortDoes) {
  const rules::ShardingTable& table = Table();
  std::vector<Node> all = RouteOrder(table);
  std::mt19937 random(20261203);
  int walked = 0;
  for (int round = 0; round < 400; ++round) {
    std::vector<Node> chosen;
    for (const Node& node : all) {
      if (random() % 2 == 0) chosen.push_back(node);
    }
    if (round % 4 == 3) std::shuffle(chosen.begin(), chosen.end(), random);
    RouteContext context = UnitsOf(table, chosen);
    std::string what = Describe(table, chosen);
    TableReach sorted = ReachAnyOrder(table, context);
    std::optional<TableReach> walk = ReachInNodeOrder(table, context);
    if (walk) {
      ++walked;
      ExpectSame(sorted, *walk, what);
    }
    ExpectSame(sorted, Reach(table, context, /*one_per_node=*/true), what);
    ExpectSame(sorted, Reach(table, context, /*one_per_node=*/false), what);
  }
  // The walk takes every list in route order, except where names repeat without a database strategy.
  if (std::string(GetParam()) != "t_tables_only") {
    EXPECT_GE(walked, 300);
  }
}

TEST_P(ScatterTargetsTest, CartesianUnitsNamingATableAgainAreWalked) {
  const rules::ShardingTable& table = Table();
  std::vector<Node> all = RouteOrder(table);
  std::vector<Node> repeated;
  for (const Node& node : all) repeated.insert(repeated.end(), 2, node);
  RouteContext context = UnitsOf(table, repeated);
  ExpectSame(ReachAnyOrder(table, context), Reach(table, context, /*one_per_node=*/false), Describe(table, repeated));
  if (std::string(GetParam()) != "t_tables_only") {
    EXPECT_TRUE(ReachInNodeOrder(table, context).has_value());
  }
}

INSTANTIATE_TEST_SUITE_P(Layouts, ScatterTargetsTest,
                         ::testing::Values("t_both", "t_spread", "t_tables_only", "t_auto"));

}  // namespace
}  // namespace sqlroute::route
