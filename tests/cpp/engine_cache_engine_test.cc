// The plan cache inside Engine::Route: cached plans equal uncached ones under concurrent use,
// rule changes invalidate it, and the prop switches it off.
#include <gtest/gtest.h>

#include "support/golden.h"

#include <random>
#include <string>
#include <thread>

#include "sqlroute/engine.h"

namespace sqlroute {
namespace {

const std::string kSharding = testing_support::GoldenRules("two_shard_mod4");

std::string Units(const Plan& plan) {
  std::string out = std::string(RouteTypeName(plan.route_type)) + "\n";
  for (const auto& unit : plan.units) {
    out += unit.data_source + ": " + unit.sql + " [";
    for (const auto& param : unit.params) out += param.ToDisplay() + ",";
    out += "]\n";
  }
  return out;
}

std::string Statement(int kind, int a, int b) {
  std::string x = std::to_string(a), y = std::to_string(b);
  switch (kind % 6) {
    case 0: return "SELECT c FROM t_user WHERE id = " + x;
    case 1: return "SELECT c FROM t_user WHERE id BETWEEN " + x + " AND " + y + " ORDER BY c LIMIT " + y;
    case 2: return "UPDATE t_user SET c = 'v" + y + "' WHERE id = " + x;
    case 3: return "DELETE FROM t_user WHERE id IN (" + x + ", " + y + ")";
    case 4: return "INSERT INTO t_user (id, k, c) VALUES (" + x + ", -" + y + ", 'c" + x + "'), (" + y + ", 1, 'd')";
    default: return "SELECT SUM(k) FROM t_user WHERE id = ? AND k > " + y;
  }
}

TEST(CacheEngineTest, EightThreadsGetTheUncachedPlans) {
  Engine cached = Engine::FromYamlString(kSharding);
  Engine uncached = Engine::FromYamlString(kSharding + "props:\n  sql-plan-cache-enabled: false\n");
  std::vector<std::thread> threads;
  std::vector<int> mismatches(8, 0);
  for (int t = 0; t < 8; ++t) {
    threads.emplace_back([&, t] {
      std::mt19937 random(static_cast<unsigned>(t));
      for (int i = 0; i < 400; ++i) {
        std::string sql = Statement(static_cast<int>(random() % 6), static_cast<int>(random() % 100000),
                                    static_cast<int>(random() % 1000));
        std::vector<Value> params;
        if (sql.find('?') != std::string::npos) params.push_back(Value::Int(static_cast<int32_t>(random() % 50)));
        if (Units(cached.Route(sql, params)) != Units(uncached.Route(sql, params))) ++mismatches[static_cast<std::size_t>(t)];
      }
    });
  }
  for (auto& thread : threads) thread.join();
  for (int count : mismatches) EXPECT_EQ(count, 0);
  PlanCacheStats stats = cached.plan_cache_stats();
  EXPECT_EQ(stats.hits + stats.misses, 8u * 400u);
  EXPECT_GT(stats.hits, stats.misses);
  EXPECT_EQ(uncached.plan_cache_stats().hits + uncached.plan_cache_stats().misses, 0u);
}

TEST(CacheEngineTest, ApplyingDistSqlInvalidatesTheCache) {
  Engine engine = Engine::FromYamlString(kSharding);
  engine.Route("SELECT c FROM t_user WHERE id = 5");
  engine.Route("SELECT c FROM t_user WHERE id = 6");
  EXPECT_EQ(engine.plan_cache_stats().hits, 1u);
  engine.ApplyDistSql("ALTER SHARDING TABLE RULE t_user (STORAGE_UNITS(ds_0, ds_1), SHARDING_COLUMN=id, "
                      "TYPE(NAME=\"MOD\", PROPERTIES(\"sharding-count\"=2)));");
  EXPECT_EQ(engine.plan_cache_stats().entries, 1u);  // dropped on the next statement
  Plan plan = engine.Route("SELECT c FROM t_user WHERE id = 7");
  EXPECT_EQ(engine.plan_cache_stats().hits, 1u);
  EXPECT_EQ(engine.plan_cache_stats().entries, 1u);
  ASSERT_EQ(plan.units.size(), 1u);
  EXPECT_EQ(plan.units[0].sql, "SELECT c FROM t_user_1 WHERE id = 7");
}

TEST(CacheEngineTest, ThePropSwitchesItOff) {
  Engine engine = Engine::FromYamlString(kSharding + "props:\n  sql-plan-cache-enabled: false\n");
  for (int i = 0; i < 3; ++i) engine.Route("SELECT c FROM t_user WHERE id = 5");
  EXPECT_EQ(engine.plan_cache_stats().entries, 0u);
  EXPECT_EQ(engine.plan_cache_stats().hits, 0u);
}

}  // namespace
}  // namespace sqlroute
