#include "sqlroute/engine.h"

#include <algorithm>
#include <mutex>

#include "cache/statement_cache.h"
#include "engine/sql_hint.h"
#include "parser/sql_parser.h"
#include "engine/execution_groups.h"
#include "sqlroute/error.h"
#include "engine/session_tracker.h"
#include "observe/observation.h"  // observability
#include "rewrite/rewriter.h"
#include "sqlroute/error.h"
#include "route/readwrite_decorator.h"
#include "route/shadow_decorator.h"
#include "route/router.h"

namespace sqlroute {
namespace {

// Every marker needs a value, and every value a marker: more values than markers means the
// caller has lost track of its statement, so that is an error too (PARAMETER_INVALID).
void CheckParameterCount(const ast::Statement& statement, const std::vector<Value>& params) {
  std::size_t markers = statement.param_markers.size();
  if (params.size() < markers) {
    throw Error(ErrorCode::PARAMETER_MISSING,
                "no value is bound to parameter " + std::to_string(params.size() + 1) + " (" +
                    std::to_string(params.size()) + " given)",
                PositionAt(statement.sql, statement.param_markers[params.size()].begin));
  }
  if (params.size() > markers) {
    throw Error(ErrorCode::PARAMETER_INVALID, std::to_string(params.size()) + " parameters given for " +
                                                  std::to_string(markers) + " parameter markers");
  }
}

}  // namespace

struct Engine::LiveRules {
  std::shared_ptr<const RuleSet> rules;  // read and written with std::atomic_load / atomic_store
  std::mutex apply_mutex;                // serialises ApplyDistSql's read-modify-write
  cache::StatementCache statements;      // statement models by shape, per rule set version
  Observability observability{[this] { return statements.stats(); }};  // metrics, spans, statement log
};

Engine::Engine(std::shared_ptr<const RuleSet> rules) : live_(std::make_shared<LiveRules>()) {
  std::atomic_store(&live_->rules, std::move(rules));
}

Engine Engine::FromYamlFile(const std::string& path) { return Engine(RuleSet::FromYamlFile(path)); }

Engine Engine::FromYamlString(std::string_view yaml) { return Engine(RuleSet::FromYamlString(yaml)); }

Engine Engine::FromDistSql(std::string_view script) { return Engine(RuleSet::FromDistSql(script)); }

std::shared_ptr<const RuleSet> Engine::rules() const { return std::atomic_load(&live_->rules); }

void Engine::ApplyDistSql(std::string_view script) {
  std::lock_guard<std::mutex> lock(live_->apply_mutex);
  std::atomic_store(&live_->rules, rules()->WithDistSql(script));
}

void Engine::Reload(std::shared_ptr<const RuleSet> rules) {
  std::lock_guard<std::mutex> lock(live_->apply_mutex);
  std::atomic_store(&live_->rules, std::move(rules));
}

PlanCacheStats Engine::plan_cache_stats() const { return live_->statements.stats(); }

Observability& Engine::observability() const { return live_->observability; }

namespace {

// The pipeline of Engine::Route; `observation` hears of each stage done.
Plan RoutePlan(const RuleSet& snapshot, cache::StatementCache& statements, std::string_view sql,
               const std::vector<Value>& params, const Hints& hints, Session* session,
               observe::Observation& observation) {
  const detail::CompiledRules& rules = snapshot.compiled();
  engine::SqlHint comment = engine::ExtractSqlHint(sql);
  Hints merged = engine::MergeHints(std::move(comment.hints), hints);
  bool cache_hit = false;
  std::shared_ptr<const ast::Statement> parsed = statements.Parse(comment.sql, snapshot, &cache_hit);
  const ast::Statement& statement = *parsed;
  observation.Parsed(statement, cache_hit);
  CheckParameterCount(statement, params);
  route::RouteInput input{statement, rules, params, merged};
  route::RouteContext route = route::Route(input);
  route::DecorateReadwrite(input, session, route);
  route::DecorateShadow(input, route);
  observation.Routed(route);
  if (session) engine::TrackTransaction(statement, *session);
  Plan plan;
  rewrite::RewriteResult rewritten = rewrite::Rewrite({statement, rules, route, params, merged.skip_sql_rewrite});
  plan.units = std::move(rewritten.units);
  plan.merge = std::move(rewritten.merge);
  plan.merge.affected_rows_once =
      route.type == RouteType::Broadcast && ast::ClassOf(statement.kind) == ast::StatementClass::DML;
  plan.logic_sql = std::string(sql);
  plan.statement_kind = ast::KindName(statement.kind);
  plan.route_type = route.type;
  plan.route_units = std::move(route.units);
  plan.decisions = std::move(route.decisions);
  plan.warnings = std::move(route.warnings);
  plan.notes = std::move(route.notes);
  plan.execution_groups = engine::GroupForExecution(plan.units, rules.max_connections_size_per_query);
  observation.Rewritten();
  return plan;
}

}  // namespace

Plan Engine::Route(std::string_view sql, const std::vector<Value>& params, const Hints& hints,
                   Session* session) const {
  std::shared_ptr<const RuleSet> snapshot = rules();
  observe::Observation observation(live_->observability, *snapshot, sql, params);  // one branch when off
  try {
    Plan plan = RoutePlan(*snapshot, live_->statements, sql, params, hints, session, observation);
    observation.Finished(plan);
    return plan;
  } catch (const Error& error) {
    observation.Failed(error);
    throw;
  }
}

BatchPlan Engine::RouteBatch(std::string_view sql, const std::vector<std::vector<Value>>& param_sets,
                             const Hints& hints, Session* session) const {
  BatchPlan result;
  for (std::size_t input = 0; input < param_sets.size(); ++input) {
    Plan plan;
    try {
      plan = Route(sql, param_sets[input], hints, session);
    } catch (const Error& error) {
      std::string where = "in parameter set " + std::to_string(input) + ": ";
      if (error.position()) throw Error(error.code(), where + error.message(), *error.position());
      throw Error(error.code(), where + error.message());
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
