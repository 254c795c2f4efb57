// 8 threads route statements while another thread keeps changing the rules: every 10 ms it
// applies DistSQL (alternating two sharding layouts) and swaps which replicas are disabled.
// Each of the 4 rule snapshots routes the probe to a different, known plan; every routed probe
// must be exactly one of them (never a mix of two snapshots), whether routed by Route or by
// RouteInto into the plan the thread's last statement left. Runs for
// SQLROUTE_CONCURRENCY_SECONDS (default 2; scripts/sanitize.sh tsan uses 10).
#include <gtest/gtest.h>

#include <atomic>
#include <chrono>
#include <cstdlib>
#include <mutex>
#include <set>
#include <string>
#include <thread>
#include <vector>

#include <sqlroute/sqlroute.h>

namespace {

using sqlroute::Engine;
using sqlroute::RuleSet;

constexpr const char* kRules = R"(
REGISTER STORAGE UNIT w0 (HOST="h", PORT=1, DB="d", USER="u", PASSWORD="p"),
  r0a (HOST="h", PORT=2, DB="d", USER="u", PASSWORD="p"), r0b (HOST="h", PORT=3, DB="d", USER="u", PASSWORD="p"),
  w1 (HOST="h", PORT=4, DB="d", USER="u", PASSWORD="p"),
  r1a (HOST="h", PORT=5, DB="d", USER="u", PASSWORD="p"), r1b (HOST="h", PORT=6, DB="d", USER="u", PASSWORD="p");
CREATE READWRITE_SPLITTING RULE rw_0 (WRITE_STORAGE_UNIT=w0, READ_STORAGE_UNITS(r0a, r0b), TYPE(NAME="random")),
  rw_1 (WRITE_STORAGE_UNIT=w1, READ_STORAGE_UNITS(r1a, r1b), TYPE(NAME="random"));
)";

// The two layouts: id 5 and 6 land in t_probe_1 / t_probe_2, or in t_probe_5 / t_probe_6.
std::string Layout(int sharding_count, const char* verb) {
  return std::string(verb) + " SHARDING TABLE RULE t_probe (STORAGE_UNITS(rw_0, rw_1), SHARDING_COLUMN=id, " +
         "TYPE(NAME=\"MOD\", PROPERTIES(\"sharding-count\"=" + std::to_string(sharding_count) + ")));";
}

constexpr const char* kProbe = "SELECT * FROM t_probe WHERE id IN (5, 6)";

// Exactly one replica per group enabled: the `a` replicas or the `b` replicas.
std::shared_ptr<const RuleSet> WithReplicas(const std::shared_ptr<const RuleSet>& rules, bool a_enabled) {
  return rules->WithDisabledReadDataSources("rw_0", {a_enabled ? "r0b" : "r0a"})
      ->WithDisabledReadDataSources("rw_1", {a_enabled ? "r1b" : "r1a"});
}

std::string Summary(const sqlroute::Plan& plan) {
  std::string summary;
  for (const auto& unit : plan.units) summary += unit.data_source + ": " + unit.sql + "\n";
  return summary;
}

int DurationSeconds() {
  const char* text = std::getenv("SQLROUTE_CONCURRENCY_SECONDS");
  return text ? std::atoi(text) : 2;
}

TEST(EngineConcurrencyTest, EveryPlanComesFromOneRuleSnapshot) {
  auto base = RuleSet::FromDistSql(std::string(kRules) + Layout(4, "CREATE"));
  std::set<std::string> expected;
  for (int count : {4, 8}) {
    auto layout = base->WithDistSql(Layout(count, "ALTER"));
    for (bool a_enabled : {true, false}) expected.insert(Summary(Engine(WithReplicas(layout, a_enabled)).Route(kProbe)));
  }
  ASSERT_EQ(expected.size(), 4u);

  Engine engine(WithReplicas(base, true));
  std::atomic<bool> stop{false};
  std::mutex seen_mutex;
  std::set<std::string> seen;
  std::vector<std::string> failures;
  const std::vector<std::string> mix = {
      "SELECT * FROM t_probe WHERE id = 7",
      "SELECT COUNT(*) FROM t_probe WHERE id BETWEEN 1 AND 20 GROUP BY id ORDER BY id",
      "INSERT INTO t_probe (id, v) VALUES (11, 'x'), (12, 'y')",
      "UPDATE t_probe SET v = 'z' WHERE id = 3",
      "DELETE FROM t_probe WHERE id IN (1, 2, 3)",
      "BEGIN",
      "SELECT v FROM t_probe WHERE id = 9 FOR UPDATE",
      "COMMIT",
  };

  std::vector<std::thread> readers;
  for (int t = 0; t < 8; ++t) {
    readers.emplace_back([&, t] {
      std::set<std::string> local_seen;
      sqlroute::Session session;
      sqlroute::Plan reused;  // RouteInto writes over the plan of the thread's last statement
      try {
        for (size_t i = 0; !stop.load(); ++i) {
          if (t % 2) {
            engine.RouteInto(reused, kProbe);
          } else {
            reused = engine.Route(kProbe);
          }
          std::string summary = Summary(reused);
          if (!expected.count(summary)) throw std::runtime_error("plan of no snapshot:\n" + summary);
          local_seen.insert(summary);
          engine.RouteInto(reused, mix[i % mix.size()], {}, {}, &session);
        }
      } catch (const std::exception& e) {
        std::lock_guard<std::mutex> lock(seen_mutex);
        failures.push_back(e.what());
      }
      std::lock_guard<std::mutex> lock(seen_mutex);
      seen.insert(local_seen.begin(), local_seen.end());
    });
  }

  auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(DurationSeconds());
  for (int tick = 0; std::chrono::steady_clock::now() < deadline; ++tick) {
    engine.ApplyDistSql(Layout(tick % 2 ? 4 : 8, "ALTER"));
    engine.Reload(WithReplicas(engine.rules(), tick % 4 >= 2));
    std::this_thread::sleep_for(std::chrono::milliseconds(10));
  }
  stop = true;
  for (auto& reader : readers) reader.join();

  EXPECT_TRUE(failures.empty()) << failures.front();
  EXPECT_EQ(seen, expected);
}

TEST(EngineConcurrencyTest, DisabledReplicasAreAvoidedAndSurviveDistSql) {
  auto rules = RuleSet::FromDistSql(std::string(kRules) + Layout(4, "CREATE"));
  auto disabled = rules->WithDisabledReadDataSources("rw_1", {"r1a"});
  EXPECT_EQ(Engine(disabled).Route("SELECT * FROM t_probe WHERE id = 1").units[0].data_source, "r1b");
  auto altered = disabled->WithDistSql(Layout(8, "ALTER"));
  EXPECT_EQ(Engine(altered).Route("SELECT * FROM t_probe WHERE id = 1").units[0].data_source, "r1b");
  auto none = disabled->WithDisabledReadDataSources("rw_1", {"r1a", "r1b"});
  EXPECT_EQ(Engine(none).Route("SELECT * FROM t_probe WHERE id = 1").units[0].data_source, "w1");
  EXPECT_THROW(rules->WithDisabledReadDataSources("rw_9", {}), sqlroute::Error);
  EXPECT_THROW(rules->WithDisabledReadDataSources("rw_1", {"w1"}), sqlroute::Error);
}

}  // namespace
