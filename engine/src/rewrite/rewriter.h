#pragma once
// The rewrite stage: route context -> the SQL and parameters each route unit receives, by
// splicing tokens into the original text (spec §5).
#include <vector>

#include "ast/statement.h"
#include "route/compiled_rules.h"
#include "route/route_context.h"

namespace sqlroute::rewrite {

struct RewriteInput {
  const ast::Statement& statement;
  const detail::CompiledRules& rules;
  const route::RouteContext& route;
  const std::vector<Value>& params;
  bool skip_rewrite = false;
};

struct RewriteResult {
  std::vector<SqlUnit> units;
  MergeInstructions merge;
};

RewriteResult Rewrite(const RewriteInput& input);

}  // namespace sqlroute::rewrite
