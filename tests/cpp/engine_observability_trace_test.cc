// Trace spans: stages, attributes, errors and the deterministic sampler.
#include <gtest/gtest.h>

#include "support/golden.h"

#include <sqlroute/sqlroute.h>

#include <mutex>

namespace {

using sqlroute::Engine;
using sqlroute::ErrorCode;
using sqlroute::Value;

const std::string kSharding = sqlroute::testing_support::GoldenRules("two_shard_mod4");

struct RecordedSpan {
  std::string stage, statement_type, route_type;
  uint64_t statement_id, start, end;
  std::size_t unit_count;
  bool cache_hit;
  std::optional<ErrorCode> error;
};

class Recorder : public sqlroute::Tracer {
 public:
  void OnSpan(const sqlroute::Span& span) override {
    std::lock_guard<std::mutex> lock(mutex_);
    spans.push_back({sqlroute::SpanStageName(span.stage), std::string(span.statement_type),
                     std::string(span.route_type), span.statement_id, span.start_unix_nanos, span.end_unix_nanos,
                     span.unit_count, span.cache_hit, span.error});
  }
  std::vector<RecordedSpan> spans;

 private:
  std::mutex mutex_;
};

TEST(ObservabilityTraceTest, ThreeSpansWithTheStatementsAttributes) {
  Engine engine = Engine::FromYamlString(kSharding);
  auto recorder = std::make_shared<Recorder>();
  engine.observability().SetTracer(recorder);
  engine.Route("SELECT c FROM t_user WHERE id IN (?, ?)", {Value::Int(1), Value::Int(2)});
  ASSERT_EQ(recorder->spans.size(), 3u);
  const char* stages[] = {"parse", "route", "rewrite"};
  for (int i = 0; i < 3; ++i) {
    const RecordedSpan& span = recorder->spans[i];
    EXPECT_EQ(span.stage, stages[i]);
    EXPECT_EQ(span.statement_id, recorder->spans[0].statement_id);
    EXPECT_EQ(span.statement_type, "SELECT");
    EXPECT_EQ(span.route_type, "Standard");
    EXPECT_EQ(span.unit_count, 2u);
    EXPECT_FALSE(span.error);
    EXPECT_LE(span.start, span.end);
    if (i > 0) EXPECT_EQ(span.start, recorder->spans[i - 1].end);
  }
}

TEST(ObservabilityTraceTest, SpansSayWhetherThePlanCacheHadTheStatement) {
  for (bool cache_enabled : {true, false}) {
    std::string props = cache_enabled ? "" : "props: {sql-plan-cache-enabled: false}\n";
    Engine engine = Engine::FromYamlString(kSharding + props);
    auto recorder = std::make_shared<Recorder>();
    engine.observability().SetTracer(recorder);
    engine.Route("SELECT c FROM t_user WHERE id = ?", {Value::Int(1)});
    engine.Route("SELECT c FROM t_user WHERE id = ?", {Value::Int(2)});
    engine.Route("SELECT c FROM t_user WHERE id = 3");  // another shape
    ASSERT_EQ(recorder->spans.size(), 9u);
    for (std::size_t i = 0; i < 9; ++i) EXPECT_EQ(recorder->spans[i].cache_hit, cache_enabled && i / 3 == 1) << i;
  }
  Engine engine = Engine::FromYamlString(kSharding);
  auto recorder = std::make_shared<Recorder>();
  engine.observability().SetTracer(recorder);
  for (int i = 0; i < 2; ++i) EXPECT_THROW(engine.Route("SELEC 1"), sqlroute::Error);  // never parsed: no hit
  ASSERT_EQ(recorder->spans.size(), 2u);
  EXPECT_FALSE(recorder->spans[1].cache_hit);
}

TEST(ObservabilityTraceTest, TheFailingStageCarriesTheErrorCode) {
  Engine engine = Engine::FromYamlString(kSharding);
  auto recorder = std::make_shared<Recorder>();
  engine.observability().SetTracer(recorder);
  EXPECT_THROW(engine.Route("SELECT c FROM t_user WHERE id = ?"), sqlroute::Error);
  ASSERT_EQ(recorder->spans.size(), 2u);
  EXPECT_EQ(recorder->spans[0].stage, "parse");
  EXPECT_FALSE(recorder->spans[0].error);
  EXPECT_EQ(recorder->spans[1].stage, "route");
  EXPECT_EQ(recorder->spans[1].error, ErrorCode::PARAMETER_MISSING);
  EXPECT_EQ(recorder->spans[1].statement_type, "SELECT");
  EXPECT_EQ(recorder->spans[1].route_type, "");

  recorder->spans.clear();
  EXPECT_THROW(engine.Route("SELEC 1"), sqlroute::Error);
  ASSERT_EQ(recorder->spans.size(), 1u);
  EXPECT_EQ(recorder->spans[0].error, ErrorCode::SQL_SYNTAX_ERROR);
  EXPECT_EQ(recorder->spans[0].statement_type, "");
}

std::size_t SampledStatements(double ratio, int statements) {
  Engine engine = Engine::FromYamlString(kSharding);
  auto recorder = std::make_shared<Recorder>();
  engine.observability().SetTracer(recorder, ratio);
  for (int i = 0; i < statements; ++i) engine.Route("SELECT c FROM t_user WHERE id = ?", {Value::Int(i)});
  EXPECT_EQ(recorder->spans.size() % 3, 0u);
  return recorder->spans.size() / 3;
}

TEST(ObservabilityTraceTest, SamplingIsDeterministic) {
  EXPECT_EQ(SampledStatements(1.0, 20), 20u);
  EXPECT_EQ(SampledStatements(0.25, 20), 5u);
  EXPECT_EQ(SampledStatements(0.1, 30), 3u);
  EXPECT_EQ(SampledStatements(0.0, 20), 0u);
}

TEST(ObservabilityTraceTest, SampledStatementsAreEveryNth) {
  Engine engine = Engine::FromYamlString(kSharding);
  auto recorder = std::make_shared<Recorder>();
  engine.observability().SetTracer(recorder, 0.5);
  for (int id : {0, 1, 2, 3}) engine.Route("SELECT c FROM t_user WHERE id IN (?)", {Value::Int(id)});
  engine.Route("SELECT c FROM t_user");
  engine.Route("SELECT c FROM t_user");  // the 6th statement: sampled; one UNION ALL unit per data source
  ASSERT_EQ(recorder->spans.size(), 9u);
  EXPECT_EQ(recorder->spans[5].unit_count, 1u);
  EXPECT_EQ(recorder->spans[8].unit_count, 2u);
}

TEST(ObservabilityTraceTest, RemovingTheTracerStopsSpans) {
  Engine engine = Engine::FromYamlString(kSharding);
  auto recorder = std::make_shared<Recorder>();
  engine.observability().SetTracer(recorder);
  engine.observability().SetTracer(nullptr);
  engine.Route("SELECT c FROM t_user WHERE id = 1");
  EXPECT_TRUE(recorder->spans.empty());
  EXPECT_THROW(engine.observability().SetTracer(recorder, 1.5), sqlroute::Error);
}

class Throwing : public sqlroute::Tracer {
 public:
  void OnSpan(const sqlroute::Span&) override { throw std::runtime_error("tracer bug"); }
};

TEST(ObservabilityTraceTest, ATracerThatThrowsDoesNotFailTheStatement) {
  Engine engine = Engine::FromYamlString(kSharding);
  engine.observability().SetTracer(std::make_shared<Throwing>());
  EXPECT_EQ(engine.Route("SELECT c FROM t_user WHERE id = 1").units.size(), 1u);
}

}  // namespace
