// The plan cache against an engine without it: for every golden route case, statements of the
// same shape with other literal and parameter values get the very plan (every field, errors
// included) from a warm cached engine, whose models come from the cache, as from an engine that
// parses each one — routed in lockstep, so that load balancers and sessions see the same calls.
#include <gtest/gtest.h>

#include <atomic>
#include <chrono>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <thread>
#include <vector>

#include "cache/sql_normalizer.h"
#include "sqlroute/engine.h"
#include "sqlroute/error.h"
#include "support/golden.h"
#include "support/plan_text.h"

namespace sqlroute {
namespace {

using testing_support::ParseHints;
using testing_support::ParseValues;
using testing_support::PlanText;

std::string RouteOrError(const Engine& engine, const std::string& sql, const std::vector<Value>& params,
                         const Hints& hints, Session* session) {
  try {
    return PlanText(engine.Route(sql, params, hints, session));
  } catch (const Error& error) {
    std::string where = error.position() ? std::to_string(error.position()->line) + ":" +
                                               std::to_string(error.position()->column)
                                         : "-";
    return "error " + std::string(ErrorCodeName(error.code())) + " at " + where + ": " + error.message();
  }
}

// The statement with its literals changed the `k`-th way: numbers to other numbers (other
// lengths too), strings to other strings; variant 0 is the statement itself.
std::string LiteralVariant(const std::string& sql, int k) {
  if (k == 0) return sql;
  auto normalized = cache::Normalize(sql);
  if (!normalized) return sql;
  std::string result = sql;
  for (auto it = normalized->literals.rbegin(); it != normalized->literals.rend(); ++it) {
    std::string text = sql.substr(it->begin, it->end - it->begin);
    std::string replacement = text;
    switch (it->type) {
      case cache::LiteralClass::Integer: {
        unsigned long long value = text.size() < 19 ? std::stoull(text) : 7;
        replacement = std::to_string((value * 7919 + static_cast<unsigned long long>(k) * 104729) % (k == 3 ? 7 : 100003));
        break;
      }
      case cache::LiteralClass::String:
      case cache::LiteralClass::DqString:
        replacement = text.substr(0, text.size() - 1) + std::string(static_cast<std::size_t>(k), 'v') + text.back();
        break;
      default: break;
    }
    result.replace(it->begin, it->end - it->begin, replacement);
  }
  return result;
}

std::vector<Value> ParamVariant(const std::vector<Value>& params, int k) {
  std::vector<Value> result = params;
  if (k == 0) return result;
  for (auto& value : result) {
    if (value.kind() == Value::Kind::Int) value = Value::Int(static_cast<int32_t>((value.int_value() * 31 + k * 17) % 100000));
    if (value.kind() == Value::Kind::Long) value = Value::Long((value.int_value() * 31 + k * 17) % 1000000);
    if (value.kind() == Value::Kind::String) value = Value::String(value.text() + std::string(static_cast<std::size_t>(k), 'w'));
  }
  if (k == 4 && !result.empty()) result.front() = Value::Null();
  return result;
}

struct GoldenStatement {
  std::string name;
  std::string rules;
  std::string sql;
  std::vector<Value> params;
  Hints hints;
};

std::vector<GoldenStatement> GoldenStatements() {
  std::vector<GoldenStatement> result;
  for (const auto& file : testing_support::GoldenFiles("route")) {
    YAML::Node root = YAML::LoadFile(file);
    std::string rules = (std::filesystem::path(file).parent_path() / root["rules"].as<std::string>()).string();
    for (const auto& each : root["cases"]) {
      // Generated keys come from each engine's own clock-based generator: two engines never agree.
      if (YAML::Dump(each["units"]).find("{generated") != std::string::npos) continue;
      result.push_back({std::filesystem::path(file).stem().string() + ": " + each["name"].as<std::string>(), rules,
                        each["sql"].as<std::string>(), ParseValues(each["params"]), ParseHints(each["hints"])});
    }
  }
  return result;
}

std::string ReadFile(const std::string& path) {
  std::ifstream in(path);
  std::stringstream text;
  text << in.rdbuf();
  return text.str();
}

TEST(CachePipelineTest, EveryGoldenShapeGetsTheUncachedPlansForOtherValues) {
  std::size_t hits = 0;
  std::size_t statements = 0;
  for (const GoldenStatement& golden : GoldenStatements()) {
    SCOPED_TRACE(golden.name + ": " + golden.sql);
    std::string yaml = ReadFile(golden.rules);
    Engine cached = Engine::FromYamlString(yaml);
    Engine uncached = Engine::FromYamlString(yaml + "\nprops:\n  sql-plan-cache-enabled: false\n");
    for (bool with_session : {false, true}) {
      Session cached_session;
      Session uncached_session;
      // Warm up with variant 1 (the cached model is parsed from it), then every variant twice.
      for (int round = 0; round < 3; ++round) {
        for (int k = round == 0 ? 1 : 0; k < (round == 0 ? 2 : 6); ++k) {
          std::string sql = LiteralVariant(golden.sql, k);
          std::vector<Value> params = ParamVariant(golden.params, k);
          std::string expected = RouteOrError(uncached, sql, params, golden.hints, with_session ? &uncached_session : nullptr);
          std::string actual = RouteOrError(cached, sql, params, golden.hints, with_session ? &cached_session : nullptr);
          EXPECT_EQ(actual, expected) << "variant " << k << ": " << sql;
          ++statements;
        }
      }
    }
    hits += cached.plan_cache_stats().hits;
  }
  EXPECT_GT(statements, 0u);
  EXPECT_GT(hits, statements / 2) << "the cache serves hardly any statement";
}

// Statements of one text routed alike get their own parameters, encrypted for each of them.
TEST(CachePipelineTest, RepeatedRoutesGetTheirOwnParameters) {
  const std::string rules = testing_support::GoldenRules("two_shard_mod4") + R"(
- !ENCRYPT
  tables:
    t_user:
      columns:
        pad:
          cipher: {name: pad_cipher, encryptorName: aes}
          assistedQuery: {name: pad_assisted, encryptorName: md5}
  encryptors:
    aes: {type: AES, props: {aes-key-value: 123456abc}}
    md5: {type: MD5}
)";
  Engine cached = Engine::FromYamlString(rules);
  Engine uncached = Engine::FromYamlString(rules + "props:\n  sql-plan-cache-enabled: false\n");
  const std::string full = "SELECT c FROM t_user WHERE pad = ? AND k > ?";  // every table: 2 UNION ALL statements
  const std::string range = "SELECT c FROM t_user WHERE id BETWEEN ? AND ? AND pad = ?";
  Plan reused;
  for (int k = 0; k < 8; ++k) {
    std::vector<Value> full_params = {Value::String("pad " + std::to_string(k)), Value::Int(k)};
    // The recorded range covers every table; others cover one, two or all of them again.
    std::vector<Value> range_params = {Value::Int(k % 4), Value::Int(k % 4 + (k < 4 ? 3 : k - 4)),
                                       k == 5 ? Value::Null() : Value::String(std::string(k, 'p'))};
    for (const auto& [sql, params] : {std::pair{full, full_params}, std::pair{range, range_params}}) {
      std::string expected = RouteOrError(uncached, sql, params, {}, nullptr);
      EXPECT_EQ(RouteOrError(cached, sql, params, {}, nullptr), expected) << sql << " variant " << k;
      cached.RouteInto(reused, sql, params);
      EXPECT_EQ(PlanText(reused), expected) << sql << " variant " << k << " into a reused plan";
    }
  }
  EXPECT_EQ(cached.plan_cache_stats().entries, 2u);
  EXPECT_EQ(cached.plan_cache_stats().misses, 2u);
}

// A shadow column algorithm reads the statement's values: its decision is made for each
// statement, whether those values are parameters or literals.
TEST(CachePipelineTest, ShadowDecisionsAreMadeForEachStatement) {
  const std::string rules = testing_support::GoldenRules("shadow");
  Engine cached = Engine::FromYamlString(rules);
  Engine uncached = Engine::FromYamlString(rules + "props:\n  sql-plan-cache-enabled: false\n");
  const std::string prepared = "INSERT INTO t_user (id, status) VALUES (?, ?)";
  const std::vector<Value> statuses = {Value::Int(1), Value::Int(0), Value::Int(1), Value::String("1"), Value::Null(),
                                       Value::Long(1), Value::Int(2)};
  for (std::size_t k = 0; k < statuses.size(); ++k) {
    std::vector<Value> params = {Value::Int(static_cast<int32_t>(k)), statuses[k]};
    EXPECT_EQ(RouteOrError(cached, prepared, params, {}, nullptr), RouteOrError(uncached, prepared, params, {}, nullptr))
        << "status " << statuses[k].ToDisplay();
    std::string literal = "INSERT INTO t_user (id, status) VALUES (" + std::to_string(k) + ", " + std::to_string(k % 2) + ")";
    EXPECT_EQ(RouteOrError(cached, literal, {}, {}, nullptr), RouteOrError(uncached, literal, {}, {}, nullptr)) << literal;
  }
  EXPECT_EQ(cached.plan_cache_stats().entries, 2u);  // the prepared and the literal shape
  EXPECT_EQ(cached.Route(prepared, {Value::Int(9), Value::Int(1)}).units.at(0).data_source, "ds_shadow");
  EXPECT_EQ(cached.Route(prepared, {Value::Int(9), Value::Int(0)}).units.at(0).data_source, "ds");
}

TEST(CachePipelineTest, SimpleShardingStatementsAreServedByTheCache) {
  Engine engine = Engine::FromYamlString(testing_support::GoldenRules("two_shard_mod4"));
  for (const char* sql : {"SELECT c FROM t_user WHERE id = ?", "UPDATE t_user SET c = ? WHERE id = ?",
                          "DELETE FROM t_user WHERE id = ?", "INSERT INTO t_user (id, c) VALUES (?, ?)"}) {
    std::vector<Value> params;
    for (const char* p = sql; *p; ++p) {
      if (*p == '?') params.push_back(Value::Int(static_cast<int32_t>(params.size()) + 5));
    }
    engine.Route(sql, params);
    engine.Route(sql, params);
  }
  engine.Route("SELECT c FROM t_user WHERE id = 12");
  engine.Route("SELECT c FROM t_user WHERE id = 13");
  // Several rows, or a row with literals, too.
  for (int i = 0; i < 2; ++i) engine.Route("INSERT INTO t_user (id, c) VALUES (?, ?), (?, ?)", {Value::Int(1), Value::Int(2), Value::Int(3), Value::Int(4)});
  for (int i = 0; i < 2; ++i) engine.Route("INSERT INTO t_user (id, c) VALUES (" + std::to_string(i) + ", 'x')");
  PlanCacheStats stats = engine.plan_cache_stats();
  EXPECT_EQ(stats.entries, 7u);
  EXPECT_EQ(stats.hits, 7u);
}

TEST(CachePipelineTest, OneRowInsertRoutesEachRowLikeTheUncachedEngine) {
  Engine cached = Engine::FromYamlString(testing_support::GoldenRules("two_shard_mod4"));
  Engine uncached = Engine::FromYamlString(testing_support::GoldenRules("two_shard_mod4") +
                                           "\nprops:\n  sql-plan-cache-enabled: false\n");
  const std::string sql = "INSERT INTO t_user (id, c) VALUES (?, ?) ON DUPLICATE KEY UPDATE c = VALUES(c)";
  std::vector<std::vector<Value>> rows;
  for (int id = -3; id < 12; ++id) rows.push_back({Value::Int(id), Value::String("c" + std::to_string(id))});
  rows.push_back({Value::Null(), Value::String("no key")});
  rows.push_back({Value::String("not a number"), Value::Int(1)});
  rows.push_back({Value::Long(9007199254740993LL), Value::Null()});
  for (int round = 0; round < 2; ++round) {
    for (const auto& params : rows) {
      EXPECT_EQ(RouteOrError(cached, sql, params, {}, nullptr), RouteOrError(uncached, sql, params, {}, nullptr))
          << params.front().ToDisplay();
    }
  }
  EXPECT_EQ(cached.plan_cache_stats().entries, 1u);
  EXPECT_GT(cached.plan_cache_stats().hits, rows.size());
}

// Encrypted parameters (one cipher value, or cipher + assisted + like values) are encrypted
// for each statement.
TEST(CachePipelineTest, EncryptedParametersAreEncryptedForEachStatement) {
  const std::string rules = R"(
databaseName: db
dataSources:
  ds: {url: "jdbc:mysql://127.0.0.1:3306/db"}
rules:
- !ENCRYPT
  tables:
    t_user:
      columns:
        c:
          cipher: {name: c_cipher, encryptorName: aes}
        pad:
          cipher: {name: pad_cipher, encryptorName: aes}
          assistedQuery: {name: pad_assisted, encryptorName: md5}
          likeQuery: {name: pad_like, encryptorName: like}
  encryptors:
    aes: {type: AES, props: {aes-key-value: 123456abc}}
    md5: {type: MD5}
    like: {type: CHAR_DIGEST_LIKE}
)";
  Engine cached = Engine::FromYamlString(rules);
  Engine uncached = Engine::FromYamlString(rules + "props:\n  sql-plan-cache-enabled: false\n");
  const char* statements[] = {
      "UPDATE t_user SET c = ?, pad = ? WHERE id = ?",
      "INSERT INTO t_user (id, c, pad) VALUES (?, ?, ?)",
      "SELECT c FROM t_user WHERE pad = ? AND id > ?",
  };
  for (const char* sql : statements) {
    for (int k = 0; k < 6; ++k) {
      std::vector<Value> params = {Value::String("text " + std::to_string(k)), Value::String(std::string(k * 7, 'p')),
                                   Value::Int(k)};
      if (k == 4) params[1] = Value::Null();
      if (std::string(sql).rfind("SELECT", 0) == 0) params.erase(params.begin());
      EXPECT_EQ(RouteOrError(cached, sql, params, {}, nullptr), RouteOrError(uncached, sql, params, {}, nullptr))
          << sql << " variant " << k;
    }
  }
  EXPECT_EQ(cached.plan_cache_stats().entries, 3u);
}

// Cached models under concurrent routing and rule reloads: each plan is one snapshot's plan.
TEST(CachePipelineTest, ReloadsWhileRoutingGiveEachStatementOneSnapshotsPlan) {
  const std::string mod4 = testing_support::GoldenRules("two_shard_mod4");
  Engine engine = Engine::FromYamlString(mod4);
  Engine reference4 = Engine::FromYamlString(mod4 + "props:\n  sql-plan-cache-enabled: false\n");
  const std::string alter2 = "ALTER SHARDING TABLE RULE t_user (STORAGE_UNITS(ds_0, ds_1), SHARDING_COLUMN=id, "
                             "TYPE(NAME=\"MOD\", PROPERTIES(\"sharding-count\"=2)));";
  Engine reference2 = Engine::FromYamlString(mod4 + "props:\n  sql-plan-cache-enabled: false\n");
  reference2.ApplyDistSql(alter2);
  std::atomic<bool> stop{false};
  std::atomic<int> mismatches{0};
  std::vector<std::thread> threads;
  for (int t = 0; t < 2; ++t) {
    threads.emplace_back([&, t] {
      for (int i = 0; !stop.load(); ++i) {
        std::string sql = "SELECT c FROM t_user WHERE id = " + std::to_string((i * 7 + t) % 1000);
        std::string got = PlanText(engine.Route(sql));
        if (got != PlanText(reference4.Route(sql)) && got != PlanText(reference2.Route(sql))) ++mismatches;
        Plan prepared = engine.Route("SELECT c FROM t_user WHERE id = ?", {Value::Int(i % 1000)});
        std::string p = PlanText(prepared);
        if (p != PlanText(reference4.Route("SELECT c FROM t_user WHERE id = ?", {Value::Int(i % 1000)})) &&
            p != PlanText(reference2.Route("SELECT c FROM t_user WHERE id = ?", {Value::Int(i % 1000)}))) {
          ++mismatches;
        }
      }
    });
  }
  for (int i = 0; i < 20; ++i) {
    engine.Reload(RuleSet::FromYamlString(mod4));
    std::this_thread::sleep_for(std::chrono::milliseconds(5));
    engine.ApplyDistSql(alter2);
    std::this_thread::sleep_for(std::chrono::milliseconds(5));
  }
  stop = true;
  for (auto& thread : threads) thread.join();
  EXPECT_EQ(mismatches.load(), 0);
}

}  // namespace
}  // namespace sqlroute
