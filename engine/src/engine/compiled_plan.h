#pragma once
// The plan template of one statement shape under one rule set version (cache/plan_template.h):
// on a cache hit it gives exactly the plan the general pipeline would give, without building a
// statement model for the new literal values, extracting conditions from scratch or
// rewriting: it replays only what depends on the values and splices the rest.
//
// What a template does per statement:
//  - route: a route that reads no values (non-sharding tables, DDL, ...) is copied; a sharding
//    route rebuilds its conditions from the predicates recorded at build time, with the new
//    parameters and literal values, and runs the real router on them (algorithms, checks and
//    auditors run as always), or takes the recorded route (of several units) again when those
//    conditions fall into the recorded partitions (checks and auditors still run); a one-row
//    INSERT whose only values are parameters is routed by the general router on the entry's model;
//  - read/write splitting and shadow decoration run as always (the template exists only when
//    they read no values);
//  - rewrite: the recorded tokens are spliced into the new SQL (their offsets moved by the
//    literals' length changes), table names resolved for each unit; parameters pass unchanged
//    or encrypted as recorded. A statement of the recorded text whose route is the recorded one
//    (several units) gets the recorded units and execution groups again, with its parameters.
// A shape gets a template only when its rewrite is known not to depend on values: no token
// over a normalized literal, no parameter rewritten other than by encryption (which the template
// replays: each encrypted parameter's ciphertexts in its place) and, for the one-row INSERT, the
// row split (its unit gets its row); no LIMIT with several units; and a second rewrite of the statement with every
// literal changed must give what the template gives. When a replayed sharding route comes out
// in a form the template was not built for (another number of units, an IN-list split, other
// renamed tables), the rest of that statement goes through the general pipeline.
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "cache/plan_template.h"
#include "cache/sql_normalizer.h"
#include "cache/statement_template.h"
#include "common/cache_line.h"
#include "observe/observation.h"
#include "rewrite/rewriter.h"
#include "route/router.h"
#include "route/table_scope.h"
#include "sqlroute/plan.h"
#include "sqlroute/session.h"

namespace sqlroute::engine {

// What one run of the general pipeline saw, for CompiledPlan::Build.
struct PlanRecording {
  const cache::StatementTemplate& shape;              // the cache entry of the statement
  const ast::Statement& statement;                    // the model the run used
  const std::vector<cache::LiteralToken>& literals;   // the statement's literal tokens
  const rules::CompiledRules& rules;
  const std::vector<Value>& params;
  const route::RouteContext& route;      // as routed, before decoration
  const route::RouteContext& decorated;  // as rewritten
  const rewrite::RewriteTrace& trace;
  const Plan& plan;
};

// One statement for a template: same shape, same rule set version, no hints.
struct TemplateCall {
  std::string_view sql;
  const std::vector<Value>& params;
  Session* session;
  const rules::CompiledRules& rules;
  const cache::StatementTemplate& shape;
  const std::vector<cache::LiteralToken>& literals;
  observe::Observation& observation;
};

class alignas(kCacheLine) CompiledPlan final : public cache::PlanTemplate {
 public:
  // The template of the recorded statement's shape, or nullptr when the shape needs the
  // general pipeline.
  static std::unique_ptr<const CompiledPlan> Build(const PlanRecording& recording);

  // Writes the plan of the call's statement into `out`, reusing its storage; false (with nothing
  // done) when the statement must take the general pipeline, which then reports what is wrong with it.
  bool Route(const TemplateCall& call, Plan& out) const;

  std::size_t ApproxBytes() const override;

 private:
  // A predicate a sharding condition comes from, and its literal operands that take the
  // statement's literal values (expression, literal token).
  // A literal or parameter operand of a predicate the template reads without the extractor.
  struct Operand {
    ast::ExprId expr = ast::kNoExpr;
    int32_t param_index = -1;  // the value is this parameter
    int literal_token = -1;    // else this literal token's, or (-1) the model's literal
  };
  struct ConditionSource {
    ast::ExprId predicate = ast::kNoExpr;
    std::vector<std::pair<ast::ExprId, int>> literals;
    // `column = value` and `column BETWEEN low AND high` are read here (as the extractor would):
    enum class Form { General, Equality, Between } form = Form::General;
    const rules::ShardingTable* table = nullptr;
    std::string column;  // lower-cased
    Operand value;       // Equality's value; Between's low
    Operand high;        // Between's high
  };
  struct Token {
    rewrite::SqlToken token;
    uint32_t literals_before_begin = 0;  // literals ending at or before token.begin
    uint32_t literals_before_end = 0;
  };

  static inline const Hints kNoHints{};
  // Known routes and replays are kept with their template: they stay small.
  static constexpr std::size_t kMostRecordedUnits = 64;

  CompiledPlan() = default;
  bool SetUpShardingRoute(const PlanRecording& recording);
  bool SetUpInsert(const PlanRecording& recording);
  bool SetUpRewrite(const PlanRecording& recording);
  bool VerifyWithOtherLiterals(const PlanRecording& recording) const;
  route::ShardingConditions Conditions(const TemplateCall& call, const ast::Statement& model) const;
  static Value OperandValue(const Operand& operand, const TemplateCall& call, const ast::Statement& model);
  uint32_t Shift(uint32_t offset, uint32_t literals_before, const std::vector<cache::LiteralToken>& literals) const;
  void AppendUnitSql(std::string_view sql, const std::vector<cache::LiteralToken>& literals, const RouteUnit& unit,
                     std::string& out) const;
  // The parameters every unit receives: the call's, with the encrypted ones replaced.
  std::vector<Value> EncryptedParams(const std::vector<Value>& input) const;
  // The parameters each statement of a unit takes: `input`, or its encrypted form in `storage`.
  const std::vector<Value>& PieceParams(const std::vector<Value>& input, std::vector<Value>& storage) const;
  // Whether `route` repeats the recorded route for `sql`: then it gets the recorded units again.
  bool Replays(std::string_view sql, const std::vector<RouteUnit>& route) const;
  // The recorded units with the statement's parameters, and the recorded execution groups.
  void ReplayUnits(const std::vector<Value>& input, Plan& out) const;
  void SetUpReplay(const PlanRecording& recording);
  // The units' SQL and parameters, into `units` (reusing its storage).
  void Units(std::string_view sql, const std::vector<cache::LiteralToken>& literals, const route::RouteInput& input,
             const route::RouteContext& route, std::vector<SqlUnit>& units) const;
  // `replayed`: the route's units are the recorded ones (Replays), their tables renamed as recorded.
  bool Fits(const route::RouteContext& route, bool replayed) const;
  void SetUpKnownRoute(const PlanRecording& recording, const route::TableScope& scope,
                       const route::ShardingConditions& conditions);
  // The recorded route, when the conditions fall into the recorded partitions; else null.
  const route::RouteContext* KnownRoute(const route::ShardingConditions& conditions) const;

  // Route
  bool reads_values_ = false;
  route::RouteContext fixed_route_;                    // !reads_values_: the route, undecorated
  std::vector<const rules::ShardingTable*> tables_;   // reads_values_:
  std::unique_ptr<const bind::BoundStatement> model_bound_;  //   the entry's model, bound
  std::optional<route::TableScope> scope_;            //   over the entry's model
  std::vector<ConditionSource> sources_;              //   one per column condition of the one branch
  route::ShardingConditions fixed_conditions_;        //   when no source: conditions read no value
  std::vector<std::vector<int>> insert_rows_;         //   a one-row INSERT: {{0}}; routed by route::Route
  // The standard route of the recorded conditions (units, decisions, type), which a statement
  // whose conditions fall into the same partitions takes again (route::PartitionKey).
  struct Known {
    std::vector<int64_t> key;
    route::RouteContext route;
    bool replays = false;  // its units are the replay's
  };
  std::optional<Known> known_route_;
  // Rewrite
  bool several_units_ = false;
  bool decorated_ = false;  // read/write splitting or shadow rules may change a route's data sources
  std::vector<std::string> renamed_tables_;  // lower-cased logic tables some unit maps elsewhere, sorted
  std::vector<Token> tokens_;
  std::string insert_values_;  // a one-row INSERT: the VALUES text its unit receives
  rewrite::EncryptedParams encrypted_;  // parameters replaced by their ciphertexts
  std::vector<cache::LiteralToken> literals_;  // of the recorded statement, which tokens_ refer to
  MergeInstructions merge_;
  bool merge_is_default_ = false;  // nothing to copy into the plan
  // The rewrite of the recorded statement's text under its recorded route, of several units: a
  // statement of the same text routed alike gets its units and execution groups again.
  struct Replay {
    std::string sql;
    std::vector<RouteUnit> route;
    std::vector<SqlUnit> units;          // without parameters
    std::vector<std::size_t> pieces;     // per unit: the statements it joins, each taking the parameters
    std::vector<ExecutionGroup> groups;
  };
  std::optional<Replay> replay_;
  std::string statement_kind_;
};

}  // namespace sqlroute::engine
