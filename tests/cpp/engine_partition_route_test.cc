// The router's partition fast path (built-in MOD and HASH_MOD: one partition per value or range,
// looked up in the rule's partition table for every target list) routes, rewrites, explains and
// fails exactly like the general path, which asks DoSharding / DoRangeSharding for every value
// and target list. The general path is forced by registering
// wrappers that hide the algorithms' precise_partitions().
#include <gtest/gtest.h>

#include <sqlroute/sqlroute.h>

#include <algorithm>
#include <functional>
#include <memory>
#include <random>
#include <string>
#include <vector>

namespace sqlroute {
namespace {

// Delegates everything to a built-in algorithm except the partition capability.
class GeneralPath : public StandardShardingAlgorithm {
 public:
  explicit GeneralPath(std::shared_ptr<const StandardShardingAlgorithm> inner) : inner_(std::move(inner)) {}
  std::string DoSharding(const std::vector<std::string>& available, const ShardingTarget& target,
                         const Value& value) const override {
    return inner_->DoSharding(available, target, value);
  }
  std::vector<std::string> DoRangeSharding(const std::vector<std::string>& available, const ShardingTarget& target,
                                           const ValueRange& range) const override {
    return inner_->DoRangeSharding(available, target, range);
  }
  std::optional<int> AutoTablesAmount() const override { return inner_->AutoTablesAmount(); }

 private:
  std::shared_ptr<const StandardShardingAlgorithm> inner_;
};

void RegisterGeneralPaths() {
  static const bool registered = [] {
    for (std::string type : {"MOD", "HASH_MOD"}) {
      AlgorithmRegistry::Global().RegisterSharding("GENERAL_" + type, [type](const Props& props, const std::string& path) {
        ShardingAlgorithm result;
        auto builtin = AlgorithmRegistry::Global().CreateSharding(type, props, path).standard;
        EXPECT_NE(builtin->precise_partitions(), nullptr);
        result.standard = std::make_shared<GeneralPath>(builtin);
        return result;
      });
    }
    return true;
  }();
  (void)registered;
}

// t_order: HASH_MOD over the data sources then MOD over each one's tables, on the same column;
// t_user: an auto table spread by MOD over every data source.
std::string Rules(const std::string& type_prefix) {
  return "databaseName: db\n"
         "dataSources:\n"
         "  ds_0: {url: \"jdbc:mysql://h:3306/a\"}\n"
         "  ds_1: {url: \"jdbc:mysql://h:3306/b\"}\n"
         "  ds_2: {url: \"jdbc:mysql://h:3306/c\"}\n"
         "rules:\n"
         "- !SHARDING\n"
         "  tables:\n"
         "    t_order:\n"
         "      actualDataNodes: ds_${0..2}.t_order_${0..4}\n"
         "      databaseStrategy: {standard: {shardingColumn: order_id, shardingAlgorithmName: db_hash}}\n"
         "      tableStrategy: {standard: {shardingColumn: order_id, shardingAlgorithmName: table_mod}}\n"
         "  autoTables:\n"
         "    t_user:\n"
         "      actualDataSources: ds_${0..2}\n"
         "      shardingStrategy: {standard: {shardingColumn: id, shardingAlgorithmName: user_mod}}\n"
         "  shardingAlgorithms:\n"
         "    db_hash: {type: " + type_prefix + "HASH_MOD, props: {sharding-count: 3, normalize-numeric-int-range: true}}\n"
         "    table_mod: {type: " + type_prefix + "MOD, props: {sharding-count: 5}}\n"
         "    user_mod: {type: " + type_prefix + "MOD, props: {sharding-count: 12}}\n";
}

Value RandomValue(std::mt19937_64& random, bool numbers_only) {
  const char* bigs[] = {"9223372036854775808", "-9223372036854775809", "18446744073709551617",
                        "-123456789012345678901234567890", "2147483648", "-2147483649", "0"};
  switch (random() % (numbers_only ? 6 : 8)) {
    case 0: return Value::Int(static_cast<int32_t>(random() % 2001) - 1000);
    case 1: return Value::Int(static_cast<int32_t>(random()));
    case 2: {
      const int64_t edges[] = {INT64_MIN, INT64_MAX, INT64_MIN + 1, -1, 0, 2147483647, -2147483648LL, 2147483648LL};
      return Value::Long(random() % 2 ? static_cast<int64_t>(random()) : edges[random() % 8]);
    }
    case 3: return Value::BigInt(bigs[random() % 7]);
    case 4: return Value::Decimal(std::to_string(static_cast<int>(random() % 2001) - 1000) + ".75");
    case 5: return Value::Double(static_cast<double>(static_cast<int>(random() % 20001) - 10000) / 8);
    case 6: return Value::String(std::to_string(static_cast<int64_t>(random())));
    default: return Value::String(random() % 2 ? "abc" : "-17");
  }
}

// The whole observable outcome of routing: units, SQL, parameters, decisions; or the error.
std::string Outcome(const Engine& engine, const std::string& sql, const std::vector<Value>& params) {
  try {
    Plan plan = engine.Route(sql, params);
    plan.scatter_reasons.clear();  // they name the algorithm's type, GENERAL_MOD on one engine by construction
    std::string text = plan.Explain();
    for (const auto& unit : plan.units) {
      text += "\n" + unit.data_source + " " + unit.sql;
      for (const auto& each : unit.params) text += " " + each.ToDisplay();
    }
    return text;
  } catch (const Error& error) {
    return "error " + std::to_string(static_cast<int>(error.code())) + " " + error.message();
  }
}

struct Trial {
  std::string sql;
  std::vector<Value> params;
};

// Routes `trials` statements made by `make` through the fast and the general path, with the
// plan cache off and on, expecting the same outcomes; returns the fewest that routed (rather
// than failed) in one of the two rounds.
int RoutedAlike(int trials, const std::function<Trial(std::mt19937_64&, int)>& make) {
  RegisterGeneralPaths();
  int fewest = trials;
  for (bool cached : {false, true}) {
    std::string props = cached ? "" : "props:\n  sql-plan-cache-enabled: false\n";
    Engine fast = Engine::FromYamlString(Rules("") + props);
    Engine general = Engine::FromYamlString(Rules("GENERAL_") + props);
    std::mt19937_64 random(cached ? 7 : 11);
    int routed = 0;
    for (int trial = 0; trial < trials; ++trial) {
      Trial statement = make(random, trial);
      std::string expected = Outcome(general, statement.sql, statement.params);
      EXPECT_EQ(Outcome(fast, statement.sql, statement.params), expected) << statement.sql;
      if (expected.rfind("error", 0) != 0) ++routed;
    }
    fewest = std::min(fewest, routed);
  }
  return fewest;
}

TEST(PartitionRouteTest, FastPathMatchesGeneralPathOverRandomInLists) {
  int routed = RoutedAlike(300, [](std::mt19937_64& random, int trial) {
    bool orders = trial % 2 == 0;
    std::size_t count = 1 + random() % 40;
    Trial result{orders ? "SELECT * FROM t_order WHERE order_id IN (" : "SELECT * FROM t_user WHERE id IN (", {}};
    for (std::size_t i = 0; i < count; ++i) {
      result.sql += i ? ", ?" : "?";
      result.params.push_back(RandomValue(random, trial % 10 != 0));
    }
    result.sql += ")";
    return result;
  });
  EXPECT_GT(routed, 200);  // most trials route rather than fail
}

TEST(PartitionRouteTest, RangeFastPathMatchesGeneralPathOverRandomRanges) {
  int routed = RoutedAlike(400, [](std::mt19937_64& random, int trial) {
    const char* shapes[] = {"BETWEEN ? AND ?", ">= ? AND {c} <= ?", "> ? AND {c} < ?", "< ?", ">= ?"};
    bool orders = trial % 2 == 0;
    std::string column = orders ? "order_id" : "id";
    std::string condition = shapes[random() % 5];
    for (std::size_t at; (at = condition.find("{c}")) != std::string::npos;) condition.replace(at, 3, column);
    Trial result{std::string(orders ? "SELECT * FROM t_order" : "SELECT * FROM t_user") + " WHERE " + column + " " +
                     condition,
                 {}};
    Value lower = trial % 3 ? Value::Int(static_cast<int32_t>(random() % 61) - 30) : RandomValue(random, trial % 9 != 0);
    result.params.push_back(lower);
    if (condition.find("AND") != std::string::npos) {
      int64_t width = static_cast<int64_t>(random() % 16) - 2;  // some empty, some wider than every residue
      result.params.push_back(lower.kind() == Value::Kind::Int ? Value::Long(lower.int_value() + width)
                                                               : RandomValue(random, true));
    }
    return result;
  });
  EXPECT_GT(routed, 250);
}

TEST(PartitionRouteTest, FastPathMatchesGeneralPathForLiteralsAndPointQueries) {
  RegisterGeneralPaths();
  Engine fast = Engine::FromYamlString(Rules(""));
  Engine general = Engine::FromYamlString(Rules("GENERAL_"));
  const char* statements[] = {
      "SELECT * FROM t_user WHERE id IN (-7, 0, 9223372036854775807, -9223372036854775808, 99999999999999999999, 13)",
      "SELECT * FROM t_order WHERE order_id IN (1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16)",
      "SELECT * FROM t_order WHERE order_id = -2147483649",
      "SELECT * FROM t_user WHERE id = 123456789012 OR id IN (5, 17)",
      "DELETE FROM t_order WHERE order_id IN (3, 4)",
      "SELECT * FROM t_user WHERE id IN (NULL, 3)",
      "INSERT INTO t_user (id, c) VALUES (1, 'a'), (-2, 'b'), (3000000000, 'c')",
      "SELECT * FROM t_user WHERE id BETWEEN 9223372036854775806 AND 9223372036854775807",
      "SELECT * FROM t_user WHERE id BETWEEN -5 AND 3 OR id BETWEEN 30 AND 31",
      "SELECT * FROM t_order WHERE order_id BETWEEN 3 AND 1",
      "SELECT * FROM t_order WHERE order_id BETWEEN 'x' AND 3",
  };
  for (const char* sql : statements) EXPECT_EQ(Outcome(fast, sql, {}), Outcome(general, sql, {})) << sql;
}

}  // namespace
}  // namespace sqlroute
