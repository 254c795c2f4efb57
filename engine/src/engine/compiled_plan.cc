// The route half of CompiledPlan (engine/compiled_plan.h): building a template and routing each
// statement with it; the rewrite half is compiled_plan_rewrite.cc.
#include "engine/compiled_plan.h"

#include <algorithm>

#include "common/strings.h"
#include "engine/execution_groups.h"
#include "engine/pipeline.h"
#include "rewrite/encrypt_rewriter.h"
#include "rewrite/insert_values.h"
#include "route/decorators.h"
#include "route/shadow_decorator.h"
#include "route/sharding_conditions.h"
#include "route/table_router.h"
#include "sqlroute/error.h"

namespace sqlroute::engine {
namespace {

using cache::LiteralToken;

bool Templated(ast::StatementKind kind) {
  switch (kind) {
    case ast::StatementKind::Select:
    case ast::StatementKind::Insert:
    case ast::StatementKind::Replace:
    case ast::StatementKind::Update:
    case ast::StatementKind::Delete: return true;
    default: return false;  // transaction control and SET autocommit read values for the session
  }
}

// Whether every literal of the shape is pinned: statements sharing the entry differ in their
// parameters only.
bool EveryLiteralPinned(const cache::StatementTemplate& shape) {
  return std::all_of(shape.uses().begin(), shape.uses().end(),
                     [](const cache::LiteralUse& use) { return use.kind == cache::LiteralUse::Kind::Pinned; });
}

bool HasLimit(const ast::Statement& statement) {
  if (statement.limit) return true;
  return std::any_of(statement.queries.begin(), statement.queries.end(), [](const ast::Query& q) { return q.limit.has_value(); });
}

bool HasUnion(const ast::Statement& statement) {
  return statement.main_query != ast::kNoQuery &&
         !statement.queries[static_cast<std::size_t>(statement.main_query)].combined.empty();
}

// What the table-name rewrite renames: logic tables that some unit maps to another name.
std::vector<std::string> RenamedTables(const route::RouteContext& route) {
  std::vector<std::string> result;
  for (const auto& unit : route.units) {
    for (const auto& mapping : unit.tables) {
      if (mapping.logic == mapping.actual) continue;
      std::string lower = ToLower(mapping.logic);
      if (std::find(result.begin(), result.end(), lower) == result.end()) result.push_back(std::move(lower));
    }
  }
  std::sort(result.begin(), result.end());
  return result;
}

// UPDATE ... SET of a sharding column: CheckUpdateShardingValue routes the new value.
bool UpdatesShardingColumn(const ast::Statement& statement, const route::TableScope& scope) {
  if (statement.kind != ast::StatementKind::Update) return false;
  for (std::size_t i = 0; i < statement.update_set.size(); ++i) {
    const rules::ShardingTable* table = scope.ResolveAssignment(i);
    if (table && table->IsShardingColumn(ToLower(statement.update_set[i].column.name.name))) return true;
  }
  return false;
}

bool SameCondition(const route::ColumnCondition& a, const route::ColumnCondition& b) {
  return a.table == b.table && a.column == b.column && a.is_range == b.is_range && a.values == b.values &&
         a.range.lower == b.range.lower && a.range.upper == b.range.upper &&
         a.range.lower_closed == b.range.lower_closed && a.range.upper_closed == b.range.upper_closed &&
         a.text == b.text && a.in_list == b.in_list;
}

bool SameConditions(const route::ShardingConditions& a, const route::ShardingConditions& b) {
  if (a.branches.size() != b.branches.size() || a.full_route_reason != b.full_route_reason) return false;
  for (std::size_t i = 0; i < a.branches.size(); ++i) {
    const auto& x = a.branches[i];
    const auto& y = b.branches[i];
    if (x.always_false != y.always_false || x.columns.size() != y.columns.size()) return false;
    for (std::size_t c = 0; c < x.columns.size(); ++c) {
      if (!SameCondition(x.columns[c], y.columns[c])) return false;
    }
  }
  return true;
}

}  // namespace

std::unique_ptr<const CompiledPlan> CompiledPlan::Build(const PlanRecording& recording) {
  const ast::Statement& statement = recording.statement;
  const route::RouteContext& route = recording.route;
  bool insert = statement.kind == ast::StatementKind::Insert || statement.kind == ast::StatementKind::Replace;
  bool params_kept = !recording.trace.params_rewritten || recording.trace.params_encrypted_only;
  if (!Templated(statement.kind) || !params_kept || recording.decorated.units.empty()) return nullptr;
  if (route.in_list != ast::kNoExpr || !route.generated_keys.empty()) return nullptr;
  if (!route.insert_rows.empty() && !insert) return nullptr;
  bind::BoundStatement bound = bind::Bind(statement, recording.rules);
  route::RouteInput input{statement, bound, recording.rules, recording.params, kNoHints};
  // The shadow decision is made again for each statement, on the entry's model with the
  // statement's parameters: the values it reads must be parameters (or pinned literals).
  if (route::ShadowReadsValues(input) && !EveryLiteralPinned(recording.shape)) return nullptr;
  std::unique_ptr<CompiledPlan> result(new CompiledPlan);
  result->model_bound_ = std::make_unique<bind::BoundStatement>(bind::Bind(*recording.shape.statement(), recording.rules));
  result->several_units_ = recording.decorated.units.size() > 1;
  result->decorated_ = !recording.rules.readwrite_groups.empty() || recording.rules.shadow;
  // Several SELECT units: pagination and the merge read LIMIT values.
  if (result->several_units_ && statement.kind == ast::StatementKind::Select && HasLimit(statement)) return nullptr;
  result->reads_values_ = route::RouteReadsValues(input);
  if (insert && !result->SetUpInsert(recording)) return nullptr;
  if (!result->reads_values_) {
    if (!route.insert_rows.empty()) return nullptr;
    result->fixed_route_ = route;
  } else if (!insert && !result->SetUpShardingRoute(recording)) {
    return nullptr;
  }
  result->renamed_tables_ = RenamedTables(recording.decorated);
  result->encrypted_ = recording.trace.encrypted;
  if (!result->SetUpRewrite(recording)) return nullptr;
  if (!result->VerifyWithOtherLiterals(recording)) return nullptr;
  result->SetUpReplay(recording);
  if (result->known_route_ && result->replay_) {
    result->known_route_->replays = result->Replays(result->replay_->sql, result->known_route_->route.units);
  }
  return result;
}

bool CompiledPlan::SetUpShardingRoute(const PlanRecording& recording) {
  const ast::Statement& statement = recording.statement;
  if (statement.kind == ast::StatementKind::Insert || statement.kind == ast::StatementKind::Replace) return false;
  // Other blocks' conditions join the main one's: a sub-query's are compared with it, a UNION
  // block's are OR-ed in.
  if (statement.has_subquery || HasUnion(statement)) return false;
  bind::BoundStatement bound = bind::Bind(statement, recording.rules);
  route::RouteInput input{statement, bound, recording.rules, recording.params, kNoHints};
  tables_ = route::ShardingTablesOf(input);
  route::TableScope scope(bound);
  if (tables_.empty() || UpdatesShardingColumn(statement, scope)) return false;
  std::vector<ast::ExprId> predicates = route::ShardingPredicates(statement);
  route::ShardingConditions extracted = route::ExtractConditions(statement, predicates, scope, recording.params);
  // One OR-branch: the AND-ed predicates of every root; each column condition from one of them.
  std::vector<ast::ExprId> conjuncts;
  for (ast::ExprId root : predicates) {
    auto branches = route::PredicateBranches(statement, root);
    if (!branches || branches->size() != 1) return false;
    conjuncts.insert(conjuncts.end(), branches->front().begin(), branches->front().end());
  }
  route::ShardingCondition branch;
  for (ast::ExprId conjunct : conjuncts) {
    auto condition = route::ConditionOf(statement, conjunct, scope, recording.params);
    if (!condition) continue;
    for (const auto& each : branch.columns) {
      if (each.table == condition->table && each.column == condition->column) return false;  // merged: reads values
    }
    ConditionSource source;
    source.predicate = conjunct;
    const ast::Expr& predicate = statement.expr(conjunct);
    for (ast::ExprId child : predicate.children) {
      if (statement.expr(child).kind != ast::ExprKind::Literal) continue;
      int token = recording.shape.TokenOfExpr(child);
      if (token >= 0) source.literals.emplace_back(child, token);
    }
    // The extractor's readings of `column = value` (FromComparison) and `column BETWEEN low AND
    // high` (FromBetween), kept for the common cases.
    auto operand = [&](ast::ExprId id) -> std::optional<Operand> {
      const ast::Expr& expr = statement.expr(id);
      if (expr.kind == ast::ExprKind::Param) return Operand{id, expr.param_index, -1};
      if (expr.kind == ast::ExprKind::Literal) return Operand{id, -1, recording.shape.TokenOfExpr(id)};
      return std::nullopt;
    };
    bool column_first = !predicate.children.empty() && statement.expr(predicate.children[0]).kind == ast::ExprKind::Column;
    if (predicate.kind == ast::ExprKind::Binary && predicate.op == "=" && predicate.children.size() == 2 &&
        !condition->is_range && condition->values.size() == 1) {
      if (auto value = operand(predicate.children[column_first ? 1 : 0])) {
        source.form = ConditionSource::Form::Equality;
        source.value = *value;
      }
    } else if (predicate.kind == ast::ExprKind::Between && !predicate.negated && predicate.children.size() == 3 &&
               column_first && condition->is_range) {
      auto low = operand(predicate.children[1]);
      auto high = operand(predicate.children[2]);
      if (low && high) {
        source.form = ConditionSource::Form::Between;
        source.value = *low;
        source.high = *high;
      }
    }
    if (source.form != ConditionSource::Form::General) {
      source.table = condition->table;
      source.column = condition->column;
    }
    sources_.push_back(std::move(source));
    branch.columns.push_back(std::move(*condition));
  }
  route::ShardingConditions synthesized;
  if (sources_.empty()) {
    synthesized = extracted;  // no usable condition: the reason depends on the structure only
    fixed_conditions_ = extracted;
  } else {
    synthesized.branches.push_back(std::move(branch));
  }
  if (!SameConditions(synthesized, extracted)) return false;
  SetUpKnownRoute(recording, scope, synthesized);
  scope_.emplace(*model_bound_);
  return true;
}

void CompiledPlan::SetUpKnownRoute(const PlanRecording& recording, const route::TableScope& scope,
                                   const route::ShardingConditions& conditions) {
  bool general = std::any_of(sources_.begin(), sources_.end(),
                             [](const ConditionSource& source) { return source.form == ConditionSource::Form::General; });
  if (general || conditions.branches.size() != 1 || conditions.AlwaysFalse()) return;
  std::optional<std::vector<int64_t>> key = route::PartitionKey(*tables_.front(), conditions.branches.front());
  if (!key) return;
  bind::BoundStatement bound = bind::Bind(recording.statement, recording.rules);
  route::RouteInput input{recording.statement, bound, recording.rules, recording.params, kNoHints};
  route::RouteContext route = route::RouteShardingConditions(input, tables_, scope, conditions);
  bool standard = route.type == RouteType::Standard || route.type == RouteType::Binding;
  // A route of one unit is cheap to find again, and point statements spread over many
  // partitions would rarely repeat its key: only routes of several units are kept.
  bool several = route.units.size() > 1 && route.units.size() <= kMostRecordedUnits;
  if (!standard || route.in_list != ast::kNoExpr || !several) return;
  Known known{std::move(*key), {}, false};
  known.route.type = route.type;
  known.route.units = std::move(route.units);
  known.route.decisions = std::move(route.decisions);
  known_route_ = std::move(known);
}

const route::RouteContext* CompiledPlan::KnownRoute(const route::ShardingConditions& conditions) const {
  if (!known_route_ || conditions.branches.size() != 1 || conditions.AlwaysFalse()) return nullptr;
  bool same = route::HasPartitionKey(*tables_.front(), conditions.branches.front(), known_route_->key);
  return same ? &known_route_->route : nullptr;
}

// An INSERT whose values are parameters (a normalized literal would be read from the entry's
// model): the VALUES text its units receive is fixed. Routed by rows (sharding), only a one-row
// INSERT, which the general router routes on the model, its unit getting the row.
bool CompiledPlan::SetUpInsert(const PlanRecording& recording) {
  const ast::Statement& statement = recording.statement;
  const ast::InsertPart& insert = statement.insert;
  if (insert.select != ast::kNoQuery || statement.has_subquery || !EveryLiteralPinned(recording.shape)) return false;
  const auto& rows = recording.route.insert_rows;
  if (!rows.empty() && (insert.set_form || insert.rows.size() != 1 || rows.size() != 1 ||
                        rows.front() != std::vector<int>{0} || recording.decorated.units.size() != 1)) {
    return false;
  }
  insert_rows_ = rows;
  if (insert.set_form) return true;
  bind::BoundStatement bound = bind::Bind(statement, recording.rules);
  rewrite::RewriteInput rewrite{statement, bound, recording.rules, recording.decorated, recording.params};
  rewrite::EncryptRewriter encrypt(rewrite);
  insert_values_ = rewrite::InsertRewriter(rewrite, encrypt).ValuesText(0);
  return true;
}

Value CompiledPlan::OperandValue(const Operand& operand, const TemplateCall& call, const ast::Statement& model) {
  if (operand.param_index >= 0) return call.params[static_cast<std::size_t>(operand.param_index)];
  if (operand.literal_token >= 0) return call.shape.ExprValue(operand.literal_token, call.sql, call.literals);
  return model.expr(operand.expr).literal;
}

route::ShardingConditions CompiledPlan::Conditions(const TemplateCall& call, const ast::Statement& model) const {
  if (sources_.empty()) return fixed_conditions_;
  route::ShardingConditions conditions;
  conditions.branches.emplace_back();
  auto& columns = conditions.branches.front().columns;
  columns.reserve(sources_.size());
  route::LiteralOverrides overrides;
  for (const ConditionSource& source : sources_) {
    if (source.form == ConditionSource::Form::Equality) {
      route::ColumnCondition& condition = columns.emplace_back();
      condition.table = source.table;
      condition.column = source.column;
      condition.values.push_back(OperandValue(source.value, call, model));
      condition.text = "= " + condition.values.front().ToDisplay();
      continue;
    }
    if (source.form == ConditionSource::Form::Between) {
      route::ColumnCondition& condition = columns.emplace_back();
      condition.table = source.table;
      condition.column = source.column;
      condition.is_range = true;
      condition.range.lower = OperandValue(source.value, call, model);
      condition.range.upper = OperandValue(source.high, call, model);
      condition.text.reserve(32);
      condition.text.append("BETWEEN ").append(condition.range.lower->ToDisplay());
      condition.text.append(" AND ").append(condition.range.upper->ToDisplay());
      continue;
    }
    overrides.clear();
    for (const auto& [expr, token] : source.literals) overrides.emplace_back(expr, call.shape.ExprValue(token, call.sql, call.literals));
    auto condition = route::ConditionOf(model, source.predicate, *scope_, call.params, &overrides);
    if (!condition) throw Error(ErrorCode::INTERNAL_ERROR, "plan template: a sharding condition is gone");
    columns.push_back(std::move(*condition));
  }
  return conditions;
}

// Whether a replayed route has the form the tokens and merge instructions were recorded for.
bool CompiledPlan::Fits(const route::RouteContext& route, bool replayed) const {
  if (route.units.empty() || (route.units.size() > 1) != several_units_) return false;
  if (route.in_list != ast::kNoExpr || route.insert_rows != insert_rows_ || !route.generated_keys.empty()) return false;
  if (replayed) return true;
  // RenamedTables(route) == renamed_tables_, without building it: every logic table is mapped
  // in every unit of these routes, so each must be renamed in some unit exactly when recorded so.
  uint64_t seen = 0;
  for (const auto& unit : route.units) {
    for (const auto& mapping : unit.tables) {
      if (mapping.logic == mapping.actual) continue;
      auto found = std::find_if(renamed_tables_.begin(), renamed_tables_.end(), [&](const std::string& name) {
        return name == mapping.logic || EqualsIgnoreCase(name, mapping.logic);
      });
      if (found == renamed_tables_.end()) return false;
      std::size_t index = static_cast<std::size_t>(found - renamed_tables_.begin());
      if (index < 64) seen |= uint64_t{1} << index;
    }
  }
  if (renamed_tables_.size() > 64) return RenamedTables(route) == renamed_tables_;
  return seen == (renamed_tables_.size() == 64 ? ~uint64_t{0} : (uint64_t{1} << renamed_tables_.size()) - 1);
}

bool CompiledPlan::Route(const TemplateCall& call, Plan& out) const {
  const ast::Statement& model = *call.shape.statement();
  if (call.params.size() != model.param_markers.size()) return false;
  call.observation.Parsed(model, true);
  route::RouteInput input{model, *model_bound_, call.rules, call.params, kNoHints};
  route::RouteContext route;
  bool replayed = false;  // the units are the recorded ones, with the recorded SQL
  if (!reads_values_) {
    route.units.swap(out.route_units);  // copied into element by element
    route.decisions.swap(out.decisions);
    route = fixed_route_;
  } else {
    route::SpareRoute spare{std::move(out.route_units), std::move(out.decisions)};
    const route::RouteContext* known = nullptr;
    if (insert_rows_.empty()) {
      route::ShardingConditions conditions = Conditions(call, model);
      known = KnownRoute(conditions);
      route = route::RouteShardingConditions(input, tables_, *scope_, conditions, &spare, known);
    } else {
      route = route::Route(input);
    }
    // Decoration will not change the units; the known route's are the replay's when recorded so.
    replayed = !decorated_ && (known ? known_route_->replays && call.sql == replay_->sql : Replays(call.sql, route.units));
    if (!Fits(route, replayed)) {
      std::shared_ptr<const ast::Statement> statement = call.shape.Instantiate(call.sql, call.literals);
      bind::BoundStatement bound = bind::Bind(*statement, call.rules);
      out = FinishRoute({*statement, bound, call.rules, call.params, kNoHints}, std::move(route), call.session, call.sql,
                        call.observation);
      return true;
    }
  }
  route::Decorate(input, call.session, route);
  call.observation.Routed(route.type, route.units.size());
  if (replayed || ((decorated_ || !reads_values_) && Replays(call.sql, route.units))) {
    ReplayUnits(call.params, out);
  } else {
    Units(call.sql, call.literals, input, route, out.units);
    GroupForExecution(out.units, call.rules.max_connections_size_per_query, out.execution_groups);
  }
  if (merge_is_default_) {
    out.merge = MergeInstructions{};
  } else {
    out.merge = merge_;
  }
  out.merge.affected_rows_once =
      route.type == RouteType::Broadcast && ast::ClassOf(model.kind) == ast::StatementClass::DML;
  out.logic_sql.assign(call.sql);
  out.statement_kind = statement_kind_;
  out.route_type = route.type;
  out.route_units = std::move(route.units);
  out.decisions = std::move(route.decisions);
  out.warnings = std::move(route.warnings);
  out.notes = std::move(route.notes);
  call.observation.Rewritten();
  return true;
}

std::size_t CompiledPlan::ApproxBytes() const {
  std::size_t bytes = sizeof(*this) + tokens_.capacity() * sizeof(Token) + literals_.capacity() * sizeof(LiteralToken) +
                      sources_.capacity() * sizeof(ConditionSource) + tables_.capacity() * sizeof(void*) +
                      fixed_route_.units.capacity() * sizeof(RouteUnit) + merge_.decrypt.capacity() * sizeof(DecryptColumn);
  for (const Token& each : tokens_) bytes += each.token.text.capacity() + each.token.table.capacity();
  for (const auto& unit : fixed_route_.units) {
    bytes += unit.tables.capacity() * sizeof(TableMapping);
  }
  for (const auto& source : sources_) bytes += source.literals.capacity() * sizeof(std::pair<ast::ExprId, int>);
  if (known_route_) {
    const route::RouteContext& known = known_route_->route;
    bytes += known_route_->key.capacity() * sizeof(int64_t) + known.units.capacity() * sizeof(RouteUnit) +
             known.decisions.capacity() * sizeof(RouteDecision);
    for (const auto& unit : known.units) bytes += unit.tables.capacity() * sizeof(TableMapping);
    for (const auto& decision : known.decisions) {
      bytes += decision.condition.capacity() + decision.targets.capacity() * sizeof(std::string);
    }
  }
  if (replay_) {
    bytes += replay_->sql.capacity() + replay_->route.capacity() * sizeof(RouteUnit) +
             replay_->units.capacity() * sizeof(SqlUnit) + replay_->pieces.capacity() * sizeof(std::size_t) +
             replay_->groups.capacity() * sizeof(ExecutionGroup);
    for (const auto& unit : replay_->route) bytes += unit.tables.capacity() * sizeof(TableMapping);
    for (const auto& unit : replay_->units) bytes += unit.sql.capacity();
    for (const auto& group : replay_->groups) {
      for (const auto& connection : group.connections) bytes += connection.capacity() * sizeof(std::size_t);
    }
  }
  return bytes;
}

}  // namespace sqlroute::engine
