#include "observe/observation.h"

#include <algorithm>
#include <chrono>

#include "observe/masking.h"
#include "rules/rule_set_access.h"

namespace sqlroute::observe {
namespace {

SqlType TypeOf(ast::StatementKind kind) {
  using K = ast::StatementKind;
  switch (kind) {
    case K::Select: case K::Table: case K::Values: return SqlType::Select;
    case K::Insert: case K::Replace: return SqlType::Insert;
    case K::Update: return SqlType::Update;
    case K::Delete: return SqlType::Delete;
    default: break;
  }
  switch (ast::ClassOf(kind)) {
    case ast::StatementClass::DDL: return SqlType::DDL;
    case ast::StatementClass::DCL: return SqlType::DCL;
    case ast::StatementClass::DAL: return SqlType::DAL;
    case ast::StatementClass::TCL: return SqlType::TCL;
    default: return SqlType::None;
  }
}

bool IsRoutedType(SqlType type) {
  return type == SqlType::Insert || type == SqlType::Update || type == SqlType::Delete || type == SqlType::Select;
}

RouteShape ShapeOf(const Plan& plan) {
  if (plan.session_statement) return RouteShape::Session;
  if (plan.route_units.empty()) return RouteShape::None;
  if (plan.route_units.size() == 1) return RouteShape::Single;
  switch (plan.route_type) {
    case RouteType::Broadcast:
    case RouteType::DatabaseBroadcast:
    case RouteType::TableBroadcast:
    case RouteType::InstanceBroadcast: return RouteShape::Full;
    default: break;
  }
  for (const std::string& warning : plan.warnings) {
    if (warning.rfind("full route:", 0) == 0) return RouteShape::Full;  // the sharding router's mark
  }
  return RouteShape::Multiple;
}

// Primary, replica and shadow units. A unit a read/write group decided always has an actual data
// source other than its logic one (the group's name, or the start of a chain that reached the group).
void CountTargets(const rules::CompiledRules& rules, const RouteUnit& unit, ThreadCounters& counters) {
  if (!SameText(unit.data_source, unit.logic_data_source)) {
    for (const rules::ReadwriteGroup& group : rules.readwrite_groups) {
      const auto& replicas = group.read_data_sources;
      if (unit.data_source == group.write_data_source) {
        counters.primary_units.Add();
        break;
      }
      if (std::find(replicas.begin(), replicas.end(), unit.data_source) != replicas.end()) {
        counters.replica_units.Add();
        break;
      }
    }
  }
  if (!rules.shadow) return;
  for (const rules::ShadowMapping& mapping : rules.shadow->mappings) {
    if (mapping.shadow == unit.data_source) {
      counters.shadow_units.Add();
      return;
    }
  }
}

// ShardingSphere's name of a logic database configured without one (DefaultDatabase.LOGIC_NAME).
const std::string& DatabaseName(const rules::CompiledRules& rules) {
  static const std::string kLogicDb = "logic_db";
  return rules.config.database_name.empty() ? kLogicDb : rules.config.database_name;
}

// The hit rate's counts: a statement with route units, other than a session statement, per
// logic database and per logic table its units name (each table once).
void CountRouted(Metrics& metrics, const rules::CompiledRules& rules, const Plan& plan, ThreadCounters& counters) {
  if (plan.session_statement || plan.route_units.empty()) return;
  bool single_node = plan.route_units.size() == 1;
  metrics.AddRoutedDatabase(counters, DatabaseName(rules), single_node);
  const std::vector<TableMapping>& tables = plan.route_units.front().tables;
  for (std::size_t i = 0; i < tables.size(); ++i) {
    bool seen = std::any_of(tables.begin(), tables.begin() + static_cast<std::ptrdiff_t>(i),
                            [&](const TableMapping& each) { return each.logic == tables[i].logic; });
    if (!seen) metrics.AddRoutedTable(counters, tables[i].logic, single_node);
  }
  counters.route_units.Record(plan.route_units.size());
}

uint64_t UnixNanosNow() {
  auto since_epoch = std::chrono::system_clock::now().time_since_epoch();
  return static_cast<uint64_t>(std::chrono::duration_cast<std::chrono::nanoseconds>(since_epoch).count());
}

}  // namespace

void Observation::Start(const RuleSet& rules, std::string_view sql, const std::vector<Value>& params) {
  using State = Observability::State;
  if ((flags_ & State::kTrace) && !state_.Sample()) flags_ &= ~State::kTrace;
  if (flags_ == 0) return;
  rules_ = &rules;
  sql_ = sql;
  params_ = &params;
  timed_ = (flags_ & (State::kTrace | State::kLog)) != 0;
  if (timed_) start_unix_nanos_ = UnixNanosNow();
  if (flags_ & State::kMetrics) {
    counters_ = &state_.metrics.Local();
    latency_turn_ = counters_->TakeTimingTurn(state_.latency_sample_every.load(std::memory_order_relaxed));
    timed_ |= latency_turn_;
  }
  if (timed_) marks_[0] = Ticks();
}

void Observation::DecideMasking(const ast::Statement& statement) {
  mask_all_ = MasksEverything(statement, rules::RuleSetAccess::Compiled(*rules_));
}

uint64_t Observation::Nanos(int from, int to) const {
  return TicksToNanos(marks_[to] - marks_[from]);
}

void Observation::Finish(const Plan* plan, std::optional<ErrorCode> error) {
  if (error && reached_ < kStages) {
    failed_stage_ = reached_;
    Mark();
  }
  if (flags_ & Observability::State::kMetrics) RecordMetrics(plan, error);
  if (flags_ & Observability::State::kTrace) EmitSpans(plan, error);
  if (flags_ & Observability::State::kLog) WriteLog(plan, error);
}

void Observation::RecordMetrics(const Plan* plan, std::optional<ErrorCode> error) {
  ThreadCounters& counters = *counters_;
  SqlType type = TypeOf(kind_);
  if (Completed(0) && type != SqlType::None) counters.parsed[static_cast<std::size_t>(type)].Add();
  if (Completed(1) && IsRoutedType(type)) counters.routed[static_cast<std::size_t>(type)].Add();
  if (latency_turn_) {
    const BucketTicks& bounds = state_.metrics.bucket_ticks();
    if (Completed(0)) counters.parse_latency.Record(marks_[1] - marks_[0], bounds);
    if (Completed(1)) counters.route_latency.Record(marks_[2] - marks_[1], bounds);
    if (Completed(2)) counters.rewrite_latency.Record(marks_[3] - marks_[2], bounds);
  }
  if (error) counters.errors[static_cast<std::size_t>(*error)].Add();
  if (plan == nullptr) return;
  counters.shapes[static_cast<std::size_t>(ShapeOf(*plan))].Add();
  const rules::CompiledRules& rules = rules::RuleSetAccess::Compiled(*rules_);
  for (const RouteUnit& unit : plan->route_units) {
    state_.metrics.AddDataSource(counters, unit.data_source);
    for (const TableMapping& table : unit.tables) state_.metrics.AddTable(counters, table.actual);
    CountTargets(rules, unit, counters);
  }
  CountRouted(state_.metrics, rules, *plan, counters);
}

void Observation::EmitSpans(const Plan* plan, std::optional<ErrorCode> error) {
  std::shared_ptr<Tracer> tracer = state_.CurrentTracer();
  if (!tracer) return;
  Span span;
  span.statement_id = state_.NextStatementId();
  if (Completed(0)) span.statement_type = ast::KindName(kind_);
  if (Completed(1)) span.route_type = RouteTypeName(route_type_);
  span.unit_count = plan ? plan->units.size() : route_units_;
  span.cache_hit = Completed(0) && cache_hit_;
  for (int stage = 0; stage < kStages && stage < reached_; ++stage) {
    span.stage = static_cast<SpanStage>(stage);
    span.start_unix_nanos = start_unix_nanos_ + Nanos(0, stage);
    span.end_unix_nanos = start_unix_nanos_ + Nanos(0, stage + 1);
    span.error = stage == failed_stage_ ? error : std::nullopt;
    try {
      tracer->OnSpan(span);
    } catch (...) {  // a tracer never fails a statement
    }
  }
}

void Observation::WriteLog(const Plan* plan, std::optional<ErrorCode> error) {
  std::shared_ptr<const Observability::State::LogTarget> target = state_.CurrentLog();
  if (!target) return;
  uint64_t stage_nanos[kStages] = {};
  for (int stage = 0; stage < kStages && stage < reached_; ++stage) stage_nanos[stage] = Nanos(stage, stage + 1);
  uint64_t total = stage_nanos[0] + stage_nanos[1] + stage_nanos[2];
  const auto& threshold = target->options.slow_threshold;
  bool slow = threshold && total >= static_cast<uint64_t>(threshold->count());
  if (!slow && !target->options.general) return;
  std::shared_ptr<const Secrets> secrets = state_.SecretsOf(*rules_);
  StatementRecord record;
  record.slow = slow;
  record.start_unix_nanos = start_unix_nanos_;
  MaskedSql logic = Mask(sql_, *params_, mask_all_, secrets->values);
  record.logic_sql = std::move(logic.sql);
  record.params = std::move(logic.params);
  if (plan) {
    for (const SqlUnit& unit : plan->units) {
      MaskedSql actual = Mask(unit.sql, unit.params, mask_all_, secrets->values);
      record.units.push_back({unit.data_source, std::move(actual.sql), std::move(actual.params)});
    }
  }
  record.cache_hit = Completed(0) && cache_hit_;
  if (Completed(0)) record.statement_type = ast::KindName(kind_);
  if (Completed(1)) record.route_type = RouteTypeName(route_type_);
  record.error = error;
  record.parse_nanos = stage_nanos[0];
  record.route_nanos = stage_nanos[1];
  record.rewrite_nanos = stage_nanos[2];
  record.total_nanos = total;
  try {
    target->log->OnStatement(record);
  } catch (...) {  // a log never fails a statement
  }
}

}  // namespace sqlroute::observe
