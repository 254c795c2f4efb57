#include "sqlroute/engine.h"

#include <mutex>

#include "cache/statement_cache.h"
#include "engine/sql_hint.h"
#include "parser/sql_parser.h"
#include "engine/session_tracker.h"
#include "rewrite/rewriter.h"
#include "route/readwrite_decorator.h"
#include "route/shadow_decorator.h"
#include "route/router.h"

namespace sqlroute {

struct Engine::LiveRules {
  std::shared_ptr<const RuleSet> rules;  // read and written with std::atomic_load / atomic_store
  std::mutex apply_mutex;                // serialises ApplyDistSql's read-modify-write
  cache::StatementCache statements;      // statement models by shape, per rule set version
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

Plan Engine::Route(std::string_view sql, const std::vector<Value>& params, const Hints& hints,
                   Session* session) const {
  std::shared_ptr<const RuleSet> snapshot = rules();
  const detail::CompiledRules& rules = snapshot->compiled();
  engine::SqlHint comment = engine::ExtractSqlHint(sql);
  Hints merged = engine::MergeHints(std::move(comment.hints), hints);
  std::shared_ptr<const ast::Statement> parsed = live_->statements.Parse(comment.sql, *snapshot);
  const ast::Statement& statement = *parsed;
  route::RouteInput input{statement, rules, params, merged};
  route::RouteContext route = route::Route(input);
  route::DecorateReadwrite(input, session, route);
  route::DecorateShadow(input, route);
  if (session) engine::TrackTransaction(statement, *session);
  Plan plan;
  rewrite::RewriteResult rewritten = rewrite::Rewrite({statement, rules, route, params, merged.skip_sql_rewrite});
  plan.units = std::move(rewritten.units);
  plan.merge = std::move(rewritten.merge);
  plan.logic_sql = std::string(sql);
  plan.statement_kind = ast::KindName(statement.kind);
  plan.route_type = route.type;
  plan.route_units = std::move(route.units);
  plan.decisions = std::move(route.decisions);
  plan.warnings = std::move(route.warnings);
  return plan;
}

}  // namespace sqlroute
