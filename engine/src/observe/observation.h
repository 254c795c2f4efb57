#pragma once
// One statement's observation, a scope object in Engine::Route: the pipeline reports each stage
// it completes and how the statement ended; metrics, spans and the log are written at the end.
// When observability is off every call is one branch on `flags_`. When on, a stage boundary
// costs one read of the tick clock (the end of a stage is the start of the next).
#include <cstdint>
#include <string_view>
#include <vector>

#include "ast/statement.h"
#include "observe/observability_state.h"
#include "observe/tick_clock.h"
#include "sqlroute/plan.h"

namespace sqlroute::observe {

class Observation {
 public:
  Observation(Observability& observability, const RuleSet& rules, std::string_view sql,
              const std::vector<Value>& params)
      : state_(observability.state()), flags_(state_.Flags(rules)) {
    if (flags_) Start(rules, sql, params);
  }
  Observation(const Observation&) = delete;
  Observation& operator=(const Observation&) = delete;

  // `cache_hit`: the statement model came from the plan cache.
  void Parsed(const ast::Statement& statement, bool cache_hit) {
    if (!flags_) return;
    Mark();
    kind_ = statement.kind;
    cache_hit_ = cache_hit;
    if (flags_ & Observability::State::kLog) DecideMasking(statement);
  }
  void Routed(RouteType type, std::size_t units) {
    if (!flags_) return;
    Mark();
    route_type_ = type;
    route_units_ = units;
  }
  void Rewritten() {
    if (flags_) Mark();
  }
  void Finished(const Plan& plan) {
    if (flags_) Finish(&plan, std::nullopt);
  }
  void Failed(const Error& error) {
    if (flags_) Finish(nullptr, error.code());
  }

 private:
  static constexpr int kStages = 3;  // parse, route, rewrite: stage s runs from mark s to mark s + 1

  void Start(const RuleSet& rules, std::string_view sql, const std::vector<Value>& params);
  void DecideMasking(const ast::Statement& statement);
  void Mark() {
    ++reached_;
    if (timed_) marks_[reached_] = Ticks();
  }
  bool Completed(int stage) const { return stage < reached_ && stage != failed_stage_; }
  void Finish(const Plan* plan, std::optional<ErrorCode> error);
  uint64_t Nanos(int from, int to) const;  // between two marks

  void RecordMetrics(const Plan* plan, std::optional<ErrorCode> error);
  void EmitSpans(const Plan* plan, std::optional<ErrorCode> error);
  void WriteLog(const Plan* plan, std::optional<ErrorCode> error);

  Observability::State& state_;
  uint32_t flags_;
  const RuleSet* rules_ = nullptr;
  std::string_view sql_;
  const std::vector<Value>* params_ = nullptr;
  ThreadCounters* counters_ = nullptr;  // metrics only
  bool latency_turn_ = false;           // the latency histograms take this statement
  bool timed_ = false;                  // the stage boundaries are read from the clock
  uint64_t marks_[kStages + 1] = {};    // Ticks()
  int reached_ = 0;         // the last mark set
  int failed_stage_ = -1;
  uint64_t start_unix_nanos_ = 0;  // spans and log only
  ast::StatementKind kind_ = ast::StatementKind::Select;
  bool cache_hit_ = false;
  RouteType route_type_ = RouteType::Passthrough;
  std::size_t route_units_ = 0;
  bool mask_all_ = true;  // until the statement is known not to need every value masked
};

}  // namespace sqlroute::observe
