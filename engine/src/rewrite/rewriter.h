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

// What the plan cache's templates (cache/plan_template.h) learn from one rewrite.
struct RewriteTrace {
  std::vector<SqlToken> tokens;   // sorted: what every unit's SQL splices into the statement
  bool params_rewritten = false;  // a unit's parameters are not the input's as given
  // ... but each is only the input's with the `encrypted` ones replaced by their items'
  // ciphertexts (for an INSERT: of its own value rows)
  bool params_encrypted_only = false;
  EncryptedParams encrypted;
};

struct RewriteInput {
  const ast::Statement& statement;
  const bind::BoundStatement& bound;  // bind::Bind(statement, rules)
  const rules::CompiledRules& rules;
  const route::RouteContext& route;
  const std::vector<Value>& params;
  bool skip_rewrite = false;
  RewriteTrace* trace = nullptr;  // filled when given
};

struct RewriteResult {
  std::vector<SqlUnit> units;
  MergeInstructions merge;
};

RewriteResult Rewrite(const RewriteInput& input);

}  // namespace sqlroute::rewrite
