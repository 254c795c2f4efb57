#pragma once
// The rewrite stage: route context -> the SQL and parameters each route unit receives, by splicing
// tokens into the original text, as ShardingSphere's SQLToken generators and AbstractSQLBuilder do.
#include <optional>
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

// The parameters the units receive: the caller's, copied on the first change (a statement whose
// parameters stay as given copies none: route/sharding/point_select/reused).
class UnitParams {
 public:
  explicit UnitParams(const std::vector<Value>& given) : given_(given) {}
  const std::vector<Value>& get() const { return own_ ? *own_ : given_; }
  std::vector<Value>& Edit() {
    if (!own_) own_.emplace(given_);
    return *own_;
  }

 private:
  const std::vector<Value>& given_;
  std::optional<std::vector<Value>> own_;
};

}  // namespace sqlroute::rewrite
