// Metrics: exact counters after a known workload, the Prometheus text (checked by a small
// parser), read/write and shadow targets, and reading while several threads route.
#include <gtest/gtest.h>

#include <sqlroute/sqlroute.h>

#include "observe/metrics.h"
#include "support/golden.h"

#include <atomic>
#include <map>
#include <regex>
#include <set>
#include <sstream>
#include <thread>

namespace {

using sqlroute::Engine;
using sqlroute::Error;
using sqlroute::MetricsSnapshot;
using sqlroute::Value;
using Counts = std::map<std::string, uint64_t>;

// t_user_k lives on ds_(k % 4).
const std::string kSharding = sqlroute::testing_support::GoldenRules("sysbench_sharding");

std::string WithProps(const std::string& yaml, const std::string& props) { return yaml + "props: {" + props + "}\n"; }

// Metrics on, with the stage latencies of every statement timed.
const std::string kEveryStatementTimed = "metrics-enabled: true, metrics-latency-sample-every: 1";

void RouteExpectingError(const Engine& engine, const std::string& sql, std::vector<Value> params = {}) {
  EXPECT_THROW(engine.Route(sql, params), Error) << sql;
}

// Nine statements: single, IN (2 units), full scatter, INSERT, UPDATE, DELETE, a syntax error,
// a missing parameter and BEGIN (every data source).
void RunWorkload(const Engine& engine) {
  engine.Route("SELECT c FROM t_user WHERE id = ?", {Value::Int(7)});
  engine.Route("SELECT c FROM t_user WHERE id IN (?, ?)", {Value::Int(1), Value::Int(2)});
  engine.Route("SELECT c FROM t_user");
  engine.Route("INSERT INTO t_user (id, k) VALUES (?, ?)", {Value::Int(3), Value::Int(1)});
  engine.Route("UPDATE t_user SET k = k + 1 WHERE id = 7");
  engine.Route("DELETE FROM t_user WHERE id = 4");
  RouteExpectingError(engine, "SELEC 1");
  RouteExpectingError(engine, "SELECT c FROM t_user WHERE id = ?");
  engine.Route("BEGIN");
}

TEST(ObservabilityMetricsTest, CountsAKnownWorkloadExactly) {
  Engine engine = Engine::FromYamlString(WithProps(kSharding, kEveryStatementTimed));
  RunWorkload(engine);
  MetricsSnapshot m = engine.observability().Metrics();
  EXPECT_EQ(m.parsed_sql, (Counts{{"SELECT", 4}, {"INSERT", 1}, {"UPDATE", 1}, {"DELETE", 1}, {"TCL", 1}}));
  EXPECT_EQ(m.routed_sql, (Counts{{"SELECT", 3}, {"INSERT", 1}, {"UPDATE", 1}, {"DELETE", 1}}));
  // BEGIN is a session statement, not a full route (it follows the session to every data source).
  EXPECT_EQ(m.route_shapes, (Counts{{"single", 4}, {"multiple", 1}, {"full", 1}, {"session", 1}}));
  EXPECT_EQ(m.routed_data_sources, (Counts{{"ds_0", 5}, {"ds_1", 5}, {"ds_2", 4}, {"ds_3", 6}}));
  EXPECT_EQ(m.routed_tables, (Counts{{"t_user_0", 1}, {"t_user_1", 2}, {"t_user_2", 2}, {"t_user_3", 2},
                                     {"t_user_4", 2}, {"t_user_5", 1}, {"t_user_6", 1}, {"t_user_7", 3},
                                     {"t_user_8", 1}, {"t_user_9", 1}}));
  EXPECT_EQ(m.errors, (Counts{{"SQL_SYNTAX_ERROR", 1}, {"PARAMETER_MISSING", 1}}));
  EXPECT_EQ(m.parse_latency.count, 8u);
  EXPECT_EQ(m.route_latency.count, 7u);
  EXPECT_EQ(m.rewrite_latency.count, 7u);
  EXPECT_EQ(m.parse_latency.buckets.size(), m.parse_latency.upper_bounds.size() + 1);
  EXPECT_EQ(m.plan_cache_hits, 1u);  // the missing-parameter SELECT has the first SELECT's shape
  EXPECT_EQ(m.plan_cache_misses, 7u);
  EXPECT_EQ(m.primary_units + m.replica_units + m.shadow_units, 0u);
}

TEST(ObservabilityMetricsTest, OffByDefaultAndSwitchedByTheApi) {
  Engine engine = Engine::FromYamlString(kSharding);
  engine.Route("SELECT c FROM t_user WHERE id = ?", {Value::Int(7)});
  EXPECT_TRUE(engine.observability().Metrics().parsed_sql.empty());
  engine.observability().SetMetricsEnabled(true);
  engine.Route("SELECT c FROM t_user WHERE id = ?", {Value::Int(7)});
  EXPECT_EQ(engine.observability().Metrics().routed_tables, (Counts{{"t_user_7", 1}}));
  engine.observability().SetMetricsEnabled(false);
  engine.Route("SELECT c FROM t_user WHERE id = ?", {Value::Int(7)});
  EXPECT_EQ(engine.observability().Metrics().routed_tables, (Counts{{"t_user_7", 1}}));
}

TEST(ObservabilityMetricsTest, ApiOverridesTheProp) {
  Engine engine = Engine::FromYamlString(WithProps(kSharding, "metrics-enabled: true"));
  engine.observability().SetMetricsEnabled(false);
  engine.Route("SELECT c FROM t_user WHERE id = 1");
  EXPECT_TRUE(engine.observability().Metrics().parsed_sql.empty());
  engine.observability().SetMetricsEnabled(std::nullopt);
  engine.Route("SELECT c FROM t_user WHERE id = 1");
  EXPECT_EQ(engine.observability().Metrics().parsed_sql, (Counts{{"SELECT", 1}}));
}

TEST(ObservabilityMetricsTest, CountsPrimaryAndReplicaUnits) {
  Engine engine = Engine::FromYamlString(WithProps(R"(
databaseName: rw
dataSources:
  write_ds: {url: "jdbc:mysql://h/w"}
  read_ds: {url: "jdbc:mysql://h/r"}
rules:
- !READWRITE_SPLITTING
  dataSourceGroups:
    readwrite_ds: {writeDataSourceName: write_ds, readDataSourceNames: [read_ds]}
)", "metrics-enabled: true"));
  engine.Route("SELECT * FROM t_order WHERE id = 1");
  engine.Route("SELECT * FROM t_order WHERE id = 2");
  engine.Route("INSERT INTO t_order (id) VALUES (3)");
  MetricsSnapshot m = engine.observability().Metrics();
  EXPECT_EQ(m.replica_units, 2u);
  EXPECT_EQ(m.primary_units, 1u);
  EXPECT_EQ(m.routed_data_sources, (Counts{{"read_ds", 2}, {"write_ds", 1}}));
}

TEST(ObservabilityMetricsTest, CountsShadowUnits) {
  Engine engine = Engine::FromYamlString(WithProps(R"(
databaseName: shadow
dataSources:
  ds: {url: "jdbc:mysql://h/p"}
  ds_shadow: {url: "jdbc:mysql://h/s"}
rules:
- !SHADOW
  dataSources:
    shadowDataSource: {productionDataSourceName: ds, shadowDataSourceName: ds_shadow}
  tables:
    t_user: {dataSourceNames: [shadowDataSource], shadowAlgorithmNames: [user_status_match]}
  shadowAlgorithms:
    user_status_match: {type: VALUE_MATCH, props: {operation: insert, column: status, value: 1}}
)", "metrics-enabled: true"));
  engine.Route("INSERT INTO t_user (id, status) VALUES (1, 1)");
  engine.Route("INSERT INTO t_user (id, status) VALUES (2, 0)");
  MetricsSnapshot m = engine.observability().Metrics();
  EXPECT_EQ(m.shadow_units, 1u);
  EXPECT_EQ(m.routed_data_sources, (Counts{{"ds", 1}, {"ds_shadow", 1}}));
}

// A parsed exposition: series text (`name{labels}`) -> value, and each metric family's type.
struct Exposition {
  std::map<std::string, double> samples;
  std::vector<std::pair<std::string, double>> in_order;
  std::map<std::string, std::string> types;
};

// Checks the text exposition format line by line; ADD_FAILURE on any malformed line.
Exposition ParsePrometheus(const std::string& text) {
  static const std::regex kHelp(R"(# HELP ([a-zA-Z_:][a-zA-Z0-9_:]*) .+)");
  static const std::regex kType(R"(# TYPE ([a-zA-Z_:][a-zA-Z0-9_:]*) (counter|gauge|histogram|summary|untyped))");
  static const std::regex kSample(
      R"(([a-zA-Z_:][a-zA-Z0-9_:]*)(\{[a-zA-Z_][a-zA-Z0-9_]*="(?:[^"\\\n]|\\.)*"(?:,[a-zA-Z_][a-zA-Z0-9_]*="(?:[^"\\\n]|\\.)*")*\})? ([-+]?[0-9.eE+-]+|\+Inf|NaN))");
  Exposition result;
  std::set<std::string> helped;
  std::istringstream lines(text);
  std::string line;
  std::smatch match;
  EXPECT_EQ(text.back(), '\n');
  while (std::getline(lines, line)) {
    if (std::regex_match(line, match, kHelp)) {
      EXPECT_TRUE(helped.insert(match[1]).second) << "second HELP: " << line;
    } else if (std::regex_match(line, match, kType)) {
      EXPECT_TRUE(helped.count(match[1])) << "TYPE before HELP: " << line;
      EXPECT_TRUE(result.types.emplace(match[1], match[2]).second) << "second TYPE: " << line;
    } else if (std::regex_match(line, match, kSample)) {
      std::string name = match[1];
      std::string family = std::regex_replace(name, std::regex("_(bucket|sum|count)$"), "");
      bool typed = result.types.count(name) || (result.types.count(family) && result.types[family] == "histogram");
      EXPECT_TRUE(typed) << "sample without TYPE: " << line;
      EXPECT_TRUE(result.samples.emplace(name + std::string(match[2]), std::stod(match[3])).second) << line;
      result.in_order.emplace_back(name, std::stod(match[3]));
    } else {
      ADD_FAILURE() << "malformed line: " << line;
    }
  }
  return result;
}

TEST(ObservabilityMetricsTest, PrometheusTextIsValidAndMatchesTheSnapshot) {
  Engine engine = Engine::FromYamlString(WithProps(kSharding, kEveryStatementTimed));
  RunWorkload(engine);
  Exposition e = ParsePrometheus(engine.observability().Prometheus());
  EXPECT_EQ(e.types["parsed_sql_total"], "counter");
  EXPECT_EQ(e.types["routed_result_total"], "counter");
  EXPECT_EQ(e.types["sqlroute_parse_duration_seconds"], "histogram");
  EXPECT_EQ(e.samples["parsed_sql_total{type=\"SELECT\"}"], 4);
  EXPECT_EQ(e.samples["routed_sql_total{type=\"DELETE\"}"], 1);
  EXPECT_EQ(e.samples["routed_result_total{object=\"data_source\",name=\"ds_3\"}"], 6);
  EXPECT_EQ(e.samples["routed_result_total{object=\"table\",name=\"t_user_7\"}"], 3);
  EXPECT_EQ(e.samples["sqlroute_route_shape_total{shape=\"full\"}"], 1);
  EXPECT_EQ(e.samples["sqlroute_route_shape_total{shape=\"session\"}"], 1);
  EXPECT_EQ(e.samples["sqlroute_errors_total{code=\"PARAMETER_MISSING\"}"], 1);
  EXPECT_EQ(e.samples["sqlroute_plan_cache_hits_total"], 1);
  EXPECT_EQ(e.samples["sqlroute_readwrite_units_total{target=\"replica\"}"], 0);
  EXPECT_EQ(e.samples["sqlroute_route_duration_seconds_count"], 7);
  EXPECT_EQ(e.samples["sqlroute_route_duration_seconds_bucket{le=\"+Inf\"}"], 7);
  std::vector<double> buckets;  // cumulative, in exposition order
  for (const auto& [name, value] : e.in_order) {
    if (name == "sqlroute_parse_duration_seconds_bucket") buckets.push_back(value);
  }
  ASSERT_EQ(buckets.size(), 17u);
  for (std::size_t i = 1; i < buckets.size(); ++i) EXPECT_GE(buckets[i], buckets[i - 1]);
  EXPECT_EQ(buckets.back(), 8);
}

// The label counters' name comparison equals std::string's, for every length and every place
// of a difference.
TEST(ObservabilityMetricsTest, SameTextIsStringEquality) {
  for (std::size_t n = 0; n <= 20; ++n) {
    std::string a(n, 'a');
    for (std::size_t i = 0; i < n; ++i) a[i] = static_cast<char>('a' + i);
    EXPECT_TRUE(sqlroute::observe::SameText(a, std::string(a)));
    EXPECT_FALSE(sqlroute::observe::SameText(a, a + "x"));
    for (std::size_t i = 0; i < n; ++i) {
      std::string b = a;
      b[i] = '#';
      EXPECT_FALSE(sqlroute::observe::SameText(a, b)) << n << " " << i;
    }
  }
}

TEST(ObservabilityMetricsTest, LabelValuesAreEscaped) {
  sqlroute::MetricsSnapshot snapshot;
  snapshot.routed_tables["a\"b\\c\nd"] = 1;
  Exposition e = ParsePrometheus(sqlroute::PrometheusText(snapshot));
  EXPECT_EQ(e.samples.count("routed_result_total{object=\"table\",name=\"a\\\"b\\\\c\\nd\"}"), 1u);
}

TEST(ObservabilityMetricsTest, ReadingWhileThreadsRoute) {
  Engine engine = Engine::FromYamlString(WithProps(kSharding, "metrics-enabled: true"));
  constexpr int kThreads = 4, kStatements = 400;
  std::atomic<int> running{kThreads};
  std::vector<std::thread> threads;
  for (int t = 0; t < kThreads; ++t) {
    threads.emplace_back([&engine, &running, t] {
      for (int i = 0; i < kStatements; ++i) engine.Route("SELECT c FROM t_user WHERE id = ?", {Value::Int(t * 1000 + i)});
      --running;
    });
  }
  uint64_t last = 0;
  while (running > 0) {
    MetricsSnapshot m = engine.observability().Metrics();
    uint64_t total = m.parsed_sql["SELECT"];
    EXPECT_GE(total, last);
    last = total;
    ParsePrometheus(engine.observability().Prometheus());
  }
  for (auto& thread : threads) thread.join();
  MetricsSnapshot m = engine.observability().Metrics();
  EXPECT_EQ(m.parsed_sql, (Counts{{"SELECT", kThreads * kStatements}}));
  EXPECT_EQ(m.route_shapes, (Counts{{"single", kThreads * kStatements}}));
  uint64_t per_table = kThreads * kStatements / 10;  // ids t*1000 + 0..399 cover each residue 40 times
  for (int k = 0; k < 10; ++k) EXPECT_EQ(m.routed_tables["t_user_" + std::to_string(k)], per_table);
  EXPECT_EQ(m.parse_latency.count, static_cast<uint64_t>(kThreads * kStatements / 8));  // the default: 1 in 8
}

class NoopLog : public sqlroute::StatementLog {
 public:
  void OnStatement(const sqlroute::StatementRecord&) override {}
};

// Routes `statements` point selects (with a log, which times every statement, when `logged`);
// returns (parsed, parse latency observations).
std::pair<uint64_t, uint64_t> TimedStatements(const std::string& props, int statements, bool logged = false) {
  Engine engine = Engine::FromYamlString(WithProps(kSharding, props));
  if (logged) engine.observability().SetStatementLog(std::make_shared<NoopLog>());
  for (int i = 0; i < statements; ++i) engine.Route("SELECT c FROM t_user WHERE id = ?", {Value::Int(i)});
  MetricsSnapshot m = engine.observability().Metrics();
  EXPECT_EQ(m.parse_latency.count, m.route_latency.count);
  EXPECT_EQ(m.parse_latency.count, m.rewrite_latency.count);
  EXPECT_GT(m.route_latency.sum, 0);
  return {m.parsed_sql["SELECT"], m.parse_latency.count};
}

TEST(ObservabilityMetricsTest, LatenciesAreTimedForOneStatementInN) {
  using Result = std::pair<uint64_t, uint64_t>;
  EXPECT_EQ(TimedStatements("metrics-enabled: true, metrics-latency-sample-every: 3", 10), (Result{10, 4}));  // 1, 4, 7, 10
  EXPECT_EQ(TimedStatements("metrics-enabled: true, metrics-latency-sample-every: 3", 10, true), (Result{10, 4}));
  EXPECT_EQ(TimedStatements("metrics-enabled: true, metrics-latency-sample-every: 1", 10), (Result{10, 10}));
  EXPECT_EQ(TimedStatements("metrics-enabled: true", 17), (Result{17, 3}));  // the default, 8: 1, 9, 17
  for (const char* bad : {"0", "-2", "x", "1.5", ""}) {  // the default
    EXPECT_EQ(TimedStatements(std::string("metrics-enabled: true, metrics-latency-sample-every: '") + bad + "'", 9),
              (Result{9, 2})) << bad;
  }
}

}  // namespace
