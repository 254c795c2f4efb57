#pragma once
// The rewrite stage: route context -> the SQL and parameters each route unit receives, by splicing
// tokens into the original text, as ShardingSphere's SQLToken generators and AbstractSQLBuilder do.
#include <vector>

#include "ast/statement.h"
#include "bind/bound_statement.h"
#include "rules/compiled_rules.h"
#include "route/route_context.h"
#include "rewrite/encrypt_output.h"
#include "rewrite/sql_token.h"

namespace sqlroute::rewrite {

struct RewriteInput {
  const ast::Statement& statement;
  const bind::BoundStatement& bound;  // bind::Bind(statement, rules)
  const rules::CompiledRules& rules;
  const route::RouteContext& route;
  const std::vector<Value>& params;
  bool skip_rewrite = false;
  std::vector<SqlUnit>* spare = nullptr;  // units of an earlier plan, written over (Engine::RouteInto)
};

struct RewriteResult {
  std::vector<SqlUnit> units;
  MergeInstructions merge;
  std::vector<std::string> warnings;  // for Plan::warnings
};

RewriteResult Rewrite(const RewriteInput& input);

}  // namespace sqlroute::rewrite
