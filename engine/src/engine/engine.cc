#include "sqlroute/engine.h"

#include <algorithm>
#include <atomic>
#include <mutex>
#include <optional>
#include <utility>

#include "cache/epoch.h"
#include "cache/statement_cache.h"
#include "bind/bound_statement.h"
#include "engine/execution_groups.h"
#include "engine/session_tracker.h"
#include "engine/sql_hint.h"
#include "observe/observation.h"
#include "parser/sql_parser.h"
#include "parser/statement_splitter.h"
#include "rewrite/rewriter.h"
#include "route/decorators.h"
#include "route/router.h"
#include "route/scatter_reasons.h"
#include "rules/rule_set_access.h"
#include "sqlroute/error_text.h"

namespace sqlroute {
namespace {

// Every marker needs a value. Values beyond the markers pass through to the units, as
// ShardingSphere's parameter builders pass them (the rewrite decides which units get them).
void CheckParameterCount(const ast::Statement& statement, const std::vector<Value>& params) {
  std::size_t markers = statement.param_markers.size();
  if (params.size() < markers) {
    throw Error(Message<msg::ParameterNotBound>(arg::index = params.size() + 1, arg::given = params.size()),
                PositionAt(statement.sql, statement.param_markers[params.size()].begin));
  }
}

}  // namespace

// The live rule set: readers (Engine::Route) load `current` inside a cache::EpochGuard, with
// no lock and no reference count; a swap publishes the new snapshot and retires the old one,
// which lives on until no statement that started with it is still being routed.
struct Engine::LiveRules {
  explicit LiveRules(std::shared_ptr<const RuleSet> rules) : owner(std::move(rules)), current(owner.get()) {}

  // The snapshot for a statement routed under `guard`.
  const RuleSet& Current(const cache::EpochGuard& /*guard*/) const { return *current.load(std::memory_order_acquire); }

  std::shared_ptr<const RuleSet> Owner() const {
    std::lock_guard<std::mutex> lock(owner_mutex);
    return owner;
  }

  void Publish(std::shared_ptr<const RuleSet> rules) {
    std::shared_ptr<const RuleSet> old;
    {
      std::lock_guard<std::mutex> lock(owner_mutex);
      old = std::exchange(owner, std::move(rules));
      current.store(owner.get(), std::memory_order_seq_cst);
    }
    cache::Retire(std::move(old));
  }

  mutable std::mutex owner_mutex;        // guards `owner` (for rules(); Route reads `current`)
  std::shared_ptr<const RuleSet> owner;
  std::atomic<const RuleSet*> current;
  std::mutex apply_mutex;                // serialises ApplyDistSql's read-modify-write
  cache::StatementCache statements;      // statement models by shape, per rule set version
  Observability observability{[this] { return statements.stats(); }};  // metrics, spans, statement log
};

Engine::Engine(std::shared_ptr<const RuleSet> rules) : live_(std::make_shared<LiveRules>(std::move(rules))) {}

Engine Engine::FromYamlFile(const std::string& path) { return Engine(RuleSet::FromYamlFile(path)); }

Engine Engine::FromYamlString(std::string_view yaml) { return Engine(RuleSet::FromYamlString(yaml)); }

Engine Engine::FromDistSql(std::string_view script) { return Engine(RuleSet::FromDistSql(script)); }

std::shared_ptr<const RuleSet> Engine::rules() const { return live_->Owner(); }

void Engine::ApplyDistSql(std::string_view script) {
  std::lock_guard<std::mutex> lock(live_->apply_mutex);
  live_->Publish(rules()->WithDistSql(script));
}

void Engine::Reload(std::shared_ptr<const RuleSet> rules) {
  std::lock_guard<std::mutex> lock(live_->apply_mutex);
  live_->Publish(std::move(rules));
}

PlanCacheStats Engine::plan_cache_stats() const { return live_->statements.stats(); }

Observability& Engine::observability() const { return live_->observability; }

namespace {

// The pipeline of Engine::Route, the same for every statement: the model (parsed, or from the
// plan cache with the statement's literal values), then route, decorate (route/decorators.h),
// rewrite and plan assembly, written over `out`'s storage; `observation` hears of each stage done.
void RoutePlan(const RuleSet& snapshot, cache::StatementCache& statements, std::string_view sql,
               const std::vector<Value>& params, const Hints& hints, Session* session,
               observe::Observation& observation, Plan& out) {
  const rules::CompiledRules& rules = rules::RuleSetAccess::Compiled(snapshot);
  engine::SqlHint comment = engine::ExtractSqlHint(sql);
  std::optional<Hints> own_hints;  // without a hint comment, the call's hints are the statement's
  const Hints& merged = comment.hints.empty() ? hints : own_hints.emplace(engine::MergeHints(std::move(comment.hints), hints));
  cache::StatementCache::Probe probe = statements.Find(comment.sql, snapshot);
  const cache::CacheEntry* entry = nullptr;
  std::shared_ptr<const ast::Statement> parsed = statements.ParseProbed(comment.sql, probe, &entry, /*lend=*/true);
  const ast::Statement& statement = *parsed;
  observation.Parsed(statement, probe.entry != nullptr);
  CheckParameterCount(statement, params);
  std::optional<bind::BoundStatement> own;  // the entry's bound model reads no values: it is every statement's
  const bind::BoundStatement& bound = entry && entry->bound() ? *entry->bound() : own.emplace(bind::Bind(statement, rules));
  route::SpareRoute spare{std::move(out.route_units), std::move(out.decisions), std::move(out.scatter_reasons)};
  route::RouteInput input{statement, bound, rules, params, merged, &spare};
  route::RouteContext route = route::Route(input);
  route::Decorate(input, session, route);
  observation.Routed(route.type, route.units.size());
  if (session) engine::TrackTransaction(statement, *session);
  rewrite::RewriteResult rewritten =
      rewrite::Rewrite({statement, bound, rules, route, params, merged.skip_sql_rewrite, &out.units});
  out.units = std::move(rewritten.units);
  out.merge = std::move(rewritten.merge);
  out.merge.affected_rows_once =
      route.type == RouteType::Broadcast && ast::ClassOf(statement.kind) == ast::StatementClass::DML;
  out.logic_sql.assign(sql);
  out.statement_kind.assign(ast::KindName(statement.kind));
  out.route_type = route.type;
  out.route_units = std::move(route.units);
  out.decisions = std::move(route.decisions);
  out.warnings = std::move(route.warnings);
  out.warnings.insert(out.warnings.end(), rewritten.warnings.begin(), rewritten.warnings.end());
  out.notes = std::move(route.notes);
  out.generated_keys = std::move(route.generated_keys);
  out.scatter_reasons = std::move(route.scatter_reasons);
  out.session_statement = route::IsSessionStatement(statement.kind);
  engine::GroupForExecution(out.units, rules.max_connections_size_per_query, out.execution_groups);
  observation.Rewritten();
}

}  // namespace

Plan Engine::Route(std::string_view sql, const std::vector<Value>& params, const Hints& hints,
                   Session* session) const {
  Plan plan;
  RouteInto(plan, sql, params, hints, session);
  return plan;
}

void Engine::RouteInto(Plan& out, std::string_view sql, const std::vector<Value>& params, const Hints& hints,
                       Session* session) const {
  cache::EpochGuard guard;  // keeps the snapshot and the cache entries this statement uses alive
  const RuleSet& snapshot = live_->Current(guard);
  observe::Observation observation(live_->observability, snapshot, sql, params);  // one branch when off
  try {
    RoutePlan(snapshot, live_->statements, sql, params, hints, session, observation, out);
    observation.Finished(out);
  } catch (const Error& error) {
    observation.Failed(error);
    throw;
  }
}

std::vector<Plan> Engine::RouteStatements(std::string_view text, const std::vector<Value>& params,
                                          const Hints& hints, Session* session) const {
  std::vector<parser::StatementSpan> statements = parser::SplitStatements(text);
  if (statements.empty()) throw Error(Message<msg::StatementEmpty>());
  std::size_t markers = 0;
  for (const auto& statement : statements) markers += statement.parameter_count;
  if (markers != params.size()) {
    throw Error(Message<msg::MultiStatementParameters>(arg::markers = markers, arg::given = params.size()));
  }
  std::vector<Plan> plans(statements.size());
  auto next_param = params.begin();
  for (std::size_t index = 0; index < statements.size(); ++index) {
    const parser::StatementSpan& statement = statements[index];
    std::vector<Value> own(next_param, next_param + static_cast<std::ptrdiff_t>(statement.parameter_count));
    next_param += static_cast<std::ptrdiff_t>(statement.parameter_count);
    try {
      RouteInto(plans[index], text.substr(statement.begin, statement.end - statement.begin), own, hints, session);
    } catch (const Error& error) {
      ErrorText prefixed = Prefixed<msg::InStatement>(error, arg::index = index);
      if (error.position()) throw Error(std::move(prefixed), *error.position());
      throw Error(std::move(prefixed));
    }
  }
  return plans;
}

BatchPlan Engine::RouteBatch(std::string_view sql, const std::vector<std::vector<Value>>& param_sets,
                             const Hints& hints, Session* session) const {
  BatchPlan result;
  Plan plan;  // reused for each parameter set
  for (std::size_t input = 0; input < param_sets.size(); ++input) {
    try {
      RouteInto(plan, sql, param_sets[input], hints, session);
    } catch (const Error& error) {
      ErrorText text = Prefixed<msg::InParameterSet>(error, arg::set = input);
      if (error.position()) throw Error(std::move(text), *error.position());
      throw Error(std::move(text));
    }
    for (auto& unit : plan.units) {
      auto found = std::find_if(result.units.begin(), result.units.end(), [&](const BatchUnit& each) {
        return each.data_source == unit.data_source && each.sql == unit.sql;
      });
      if (found == result.units.end()) {
        result.units.push_back({unit.data_source, unit.sql, {}, {}});
        found = result.units.end() - 1;
      }
      found->param_sets.push_back(std::move(unit.params));
      found->inputs.push_back(input);
    }
  }
  return result;
}

}  // namespace sqlroute
