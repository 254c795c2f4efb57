#include "sqlroute/engine.h"

#include "engine/sql_hint.h"
#include "parser/sql_parser.h"
#include "engine/session_tracker.h"
#include "rewrite/rewriter.h"
#include "route/readwrite_decorator.h"
#include "route/shadow_decorator.h"
#include "route/router.h"

namespace sqlroute {

Engine::Engine(std::shared_ptr<const RuleSet> rules) : rules_(std::move(rules)) {}

Engine Engine::FromYamlFile(const std::string& path) { return Engine(RuleSet::FromYamlFile(path)); }

Engine Engine::FromYamlString(std::string_view yaml) { return Engine(RuleSet::FromYamlString(yaml)); }

Plan Engine::Route(std::string_view sql, const std::vector<Value>& params, const Hints& hints,
                   Session* session) const {
  const detail::CompiledRules& rules = rules_->compiled();
  engine::SqlHint comment = engine::ExtractSqlHint(sql);
  Hints merged = engine::MergeHints(std::move(comment.hints), hints);
  ast::Statement statement = parser::Parse(comment.sql);
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
