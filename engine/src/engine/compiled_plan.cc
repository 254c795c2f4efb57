#include "engine/compiled_plan.h"

#include <algorithm>

#include "common/data_source_index.h"
#include "common/strings.h"
#include "engine/execution_groups.h"
#include "engine/pipeline.h"
#include "parser/sql_parser.h"
#include "rewrite/encrypt_rewriter.h"
#include "rewrite/insert_values.h"
#include "rewrite/union_all.h"
#include "route/readwrite_decorator.h"
#include "route/shadow_decorator.h"
#include "route/sharding_conditions.h"
#include "route/table_router.h"
#include "sqlroute/error.h"

namespace sqlroute::engine {
namespace {

using cache::LiteralToken;

const Hints kNoHints;

// Known routes and replays are kept with their template: they stay small.
constexpr std::size_t kMostRecordedUnits = 64;

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
  for (const auto& assignment : statement.update_set) {
    const route::ShardingTable* table = scope.Resolve(assignment.column);
    if (table && table->IsShardingColumn(ToLower(assignment.column.name.name))) return true;
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

bool SameColumn(const MergeColumn& a, const MergeColumn& b) { return a.label == b.label && a.index == b.index; }

bool SameOrder(const std::vector<MergeOrderItem>& a, const std::vector<MergeOrderItem>& b) {
  if (a.size() != b.size()) return false;
  for (std::size_t i = 0; i < a.size(); ++i) {
    if (!SameColumn(a[i].column, b[i].column) || a[i].descending != b[i].descending) return false;
  }
  return true;
}

bool SameMerge(const MergeInstructions& a, const MergeInstructions& b) {
  if (a.required != b.required || a.distinct != b.distinct || a.offset != b.offset || a.row_count != b.row_count ||
      a.derived_labels != b.derived_labels || a.affected_rows_once != b.affected_rows_once ||
      !SameOrder(a.order_by, b.order_by) || !SameOrder(a.group_by, b.group_by) ||
      a.aggregations.size() != b.aggregations.size() || a.decrypt.size() != b.decrypt.size()) {
    return false;
  }
  for (std::size_t i = 0; i < a.aggregations.size(); ++i) {
    const auto& x = a.aggregations[i];
    const auto& y = b.aggregations[i];
    if (x.type != y.type || !SameColumn(x.column, y.column) || x.distinct != y.distinct ||
        !SameColumn(x.avg_count, y.avg_count) || !SameColumn(x.avg_sum, y.avg_sum) || x.separator != y.separator ||
        x.result_label != y.result_label) {
      return false;
    }
  }
  for (std::size_t i = 0; i < a.decrypt.size(); ++i) {
    const auto& x = a.decrypt[i];
    const auto& y = b.decrypt[i];
    if (!SameColumn(x.column, y.column) || x.table != y.table || x.logic_column != y.logic_column ||
        x.encryptor != y.encryptor) {
      return false;
    }
  }
  return true;
}

bool SameUnits(const std::vector<SqlUnit>& a, const std::vector<SqlUnit>& b) {
  if (a.size() != b.size()) return false;
  for (std::size_t i = 0; i < a.size(); ++i) {
    if (a[i].data_source != b[i].data_source || a[i].sql != b[i].sql || a[i].params != b[i].params) return false;
  }
  return true;
}

// `sql` with every normalized literal changed in value and length (7 -> 71, 'ab' -> 'abzq').
std::string WithOtherLiterals(std::string_view sql, const std::vector<LiteralToken>& literals,
                              const cache::StatementTemplate& shape) {
  std::string result(sql);
  for (std::size_t i = literals.size(); i-- > 0;) {
    const LiteralToken& t = literals[i];
    if (shape.uses()[i].kind == cache::LiteralUse::Kind::Pinned) continue;
    char last = sql[t.end - 1];
    if (last == '\'' || last == '"') {
      bool digits = t.type == cache::LiteralClass::Hex || t.type == cache::LiteralClass::Bits;
      result.insert(t.end - 1, digits ? "11" : "zq");
    } else {
      result.insert(t.end, "1");
    }
  }
  return result;
}

// Whether two units go to one data source (only then can UNION ALL join any).
bool SharesDataSource(const std::vector<RouteUnit>& units) {
  DataSourceIndex index(units.size());
  for (std::size_t i = 0; i < units.size(); ++i) {
    if (index.Find(units[i].data_source) != i) return true;  // numbered before
  }
  return false;
}

// rewrite::ActualTable, looking for the name as written before comparing case-insensitively.
const std::string* ActualTableOf(const RouteUnit& unit, const std::string& logic) {
  for (const auto& each : unit.tables) {
    if (each.logic == logic) return &each.actual;
  }
  for (const auto& each : unit.tables) {
    if (EqualsIgnoreCase(each.logic, logic)) return &each.actual;
  }
  return nullptr;
}

// Appends the text a token takes in `unit`, as the rewriter gives it.
void AppendTokenText(const rewrite::SqlToken& token, const RouteUnit& unit, std::string& out) {
  const std::string* actual = nullptr;
  switch (token.kind) {
    case rewrite::TokenKind::TableName: actual = ActualTableOf(unit, token.text); break;
    case rewrite::TokenKind::IndexName: actual = ActualTableOf(unit, token.table); break;
    default:
      out += token.text;
      return;
  }
  if (actual && actual->empty()) actual = nullptr;  // ActualTable's "" means "not mapped"
  if (token.quoted) out += '`';
  if (token.kind == rewrite::TokenKind::TableName) {
    out += actual ? *actual : token.text;
  } else {
    out += token.text;
    if (actual) out.append("_").append(*actual);
  }
  if (token.quoted) out += '`';
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
  route::RouteInput input{statement, recording.rules, recording.params, kNoHints};
  // The shadow decision is made again for each statement, on the entry's model with the
  // statement's parameters: the values it reads must be parameters (or pinned literals).
  if (route::ShadowReadsValues(input) && !EveryLiteralPinned(recording.shape)) return nullptr;
  std::unique_ptr<CompiledPlan> result(new CompiledPlan);
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
  if (statement.has_subquery) return false;  // the sub-queries' conditions are compared with the main one's
  route::RouteInput input{statement, recording.rules, recording.params, kNoHints};
  tables_ = route::ShardingTablesOf(input);
  std::vector<int32_t> scope_tables = route::MainScopeTables(statement);
  route::TableScope scope(statement, recording.rules, scope_tables);
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
  const ast::Statement& model = *recording.shape.statement();
  scope_.emplace(model, recording.rules, std::move(scope_tables));
  return true;
}

void CompiledPlan::SetUpKnownRoute(const PlanRecording& recording, const route::TableScope& scope,
                                   const route::ShardingConditions& conditions) {
  bool general = std::any_of(sources_.begin(), sources_.end(),
                             [](const ConditionSource& source) { return source.form == ConditionSource::Form::General; });
  if (general || conditions.branches.size() != 1 || conditions.AlwaysFalse()) return;
  std::optional<std::vector<int64_t>> key = route::PartitionKey(*tables_.front(), conditions.branches.front());
  if (!key) return;
  route::RouteInput input{recording.statement, recording.rules, recording.params, kNoHints};
  route::RouteContext route = route::RouteShardingConditions(input, tables_, scope, conditions);
  bool standard = route.type == RouteType::Standard || route.type == RouteType::Binding;
  if (!standard || route.in_list != ast::kNoExpr || route.units.size() > kMostRecordedUnits) return;
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
  rewrite::RewriteInput rewrite{statement, recording.rules, recording.decorated, recording.params};
  rewrite::EncryptRewriter encrypt(rewrite);
  insert_values_ = rewrite::InsertRewriter(rewrite, encrypt).ValuesText(0);
  return true;
}

bool CompiledPlan::SetUpRewrite(const PlanRecording& recording) {
  const auto& literals = recording.literals;
  const auto& uses = recording.shape.uses();
  if (uses.size() != literals.size()) return false;
  for (const rewrite::SqlToken& token : recording.trace.tokens) {
    if (token.kind == rewrite::TokenKind::InListItems) return false;
    Token entry{token, 0, 0};
    if (token.kind == rewrite::TokenKind::InsertValues) {  // as SetUpInsert rendered it
      entry.token.kind = rewrite::TokenKind::Text;
      entry.token.text = insert_values_;
    }
    for (std::size_t i = 0; i < literals.size(); ++i) {
      const LiteralToken& literal = literals[i];
      bool normalized = uses[i].kind != cache::LiteralUse::Kind::Pinned;
      // A token over a normalized literal, or with an end inside one, may take its text from it.
      if (normalized && token.begin < literal.end && literal.begin < token.end) return false;
      if (normalized && ((token.begin > literal.begin && token.begin < literal.end) ||
                         (token.end > literal.begin && token.end < literal.end))) {
        return false;
      }
      if (literal.end <= token.begin) ++entry.literals_before_begin;
      if (literal.end <= token.end) ++entry.literals_before_end;
    }
    tokens_.push_back(std::move(entry));
  }
  literals_ = literals;
  merge_ = recording.plan.merge;
  merge_.affected_rows_once = false;
  merge_is_default_ = SameMerge(merge_, MergeInstructions{}) && !merge_.having && !merge_.rollup;
  statement_kind_ = recording.plan.statement_kind;
  // The template must give the recorded statement its recorded units.
  route::RouteInput input{recording.statement, recording.rules, recording.params, kNoHints};
  std::vector<SqlUnit> units;
  Units(recording.statement.sql, literals, input, recording.decorated, units);
  return SameUnits(units, recording.plan.units);
}

// The rewrite of the statement with other literal values, under the recorded route, must be
// what the template makes of it: no token text, merge instruction or parameter came from a value.
bool CompiledPlan::VerifyWithOtherLiterals(const PlanRecording& recording) const {
  std::string other = WithOtherLiterals(recording.statement.sql, recording.literals, recording.shape);
  if (other == recording.statement.sql) return true;  // no normalized literal
  auto normalized = cache::Normalize(other);
  auto original = cache::Normalize(recording.statement.sql);
  if (!normalized || !original || normalized->shape != original->shape) return false;
  if (!recording.shape.Matches(other, normalized->literals)) return false;
  try {
    ast::Statement parsed = parser::Parse(other);
    rewrite::RewriteTrace trace;
    rewrite::RewriteResult rewritten =
        rewrite::Rewrite({parsed, recording.rules, recording.decorated, recording.params, false, &trace});
    if (trace.params_rewritten && (!trace.params_encrypted_only || trace.encrypted != encrypted_)) return false;
    MergeInstructions merge = rewritten.merge;
    merge.affected_rows_once = false;
    if (!SameMerge(merge, merge_)) return false;
    route::RouteInput input{parsed, recording.rules, recording.params, kNoHints};
    std::vector<SqlUnit> units;
    Units(other, normalized->literals, input, recording.decorated, units);
    return SameUnits(units, rewritten.units);
  } catch (const Error&) {
    return false;
  }
}

void CompiledPlan::SetUpReplay(const PlanRecording& recording) {
  if (!several_units_ || recording.decorated.units.size() > kMostRecordedUnits) return;
  std::vector<Value> storage;
  std::size_t per_piece = PieceParams(recording.params, storage).size();
  Replay replay{recording.statement.sql, recording.decorated.units, recording.plan.units, {}, recording.plan.execution_groups};
  for (SqlUnit& unit : replay.units) {
    replay.pieces.push_back(per_piece ? unit.params.size() / per_piece : 0);
    unit.params.clear();
  }
  replay_ = std::move(replay);
}

// Units depend on the route units' data sources and tables only.
bool CompiledPlan::Replays(std::string_view sql, const std::vector<RouteUnit>& route) const {
  if (!replay_ || sql != replay_->sql || route.size() != replay_->route.size()) return false;
  for (std::size_t i = 0; i < route.size(); ++i) {
    const RouteUnit& a = route[i];
    const RouteUnit& b = replay_->route[i];
    if (a.data_source != b.data_source || a.tables.size() != b.tables.size()) return false;
    for (std::size_t t = 0; t < a.tables.size(); ++t) {
      if (a.tables[t].actual != b.tables[t].actual || a.tables[t].logic != b.tables[t].logic) return false;
    }
  }
  return true;
}

void CompiledPlan::ReplayUnits(const std::vector<Value>& input, Plan& out) const {
  std::vector<Value> storage;
  const std::vector<Value>& params = PieceParams(input, storage);
  out.units.resize(replay_->units.size());
  for (std::size_t i = 0; i < out.units.size(); ++i) {
    SqlUnit& unit = out.units[i];
    Overwrite(unit.data_source, replay_->units[i].data_source);
    Overwrite(unit.sql, replay_->units[i].sql);
    unit.params.clear();
    for (std::size_t piece = 0; piece < replay_->pieces[i]; ++piece) {
      unit.params.insert(unit.params.end(), params.begin(), params.end());
    }
  }
  out.execution_groups = replay_->groups;
}

uint32_t CompiledPlan::Shift(uint32_t offset, uint32_t literals_before, const std::vector<LiteralToken>& literals) const {
  if (literals_before == 0) return offset;
  return offset - literals_[literals_before - 1].end + literals[literals_before - 1].end;
}

void CompiledPlan::AppendUnitSql(std::string_view sql, const std::vector<LiteralToken>& literals, const RouteUnit& unit,
                                 std::string& out) const {
  std::size_t cursor = 0;
  for (const Token& each : tokens_) {
    uint32_t begin = Shift(each.token.begin, each.literals_before_begin, literals);
    out.append(sql.data() + cursor, begin - cursor);
    AppendTokenText(each.token, unit, out);
    cursor = Shift(each.token.end, each.literals_before_end, literals);
  }
  out.append(sql.data() + cursor, sql.size() - cursor);
}

const std::vector<Value>& CompiledPlan::PieceParams(const std::vector<Value>& input, std::vector<Value>& storage) const {
  if (encrypted_.empty()) return input;
  storage = EncryptedParams(input);
  return storage;
}

std::vector<Value> CompiledPlan::EncryptedParams(const std::vector<Value>& input) const {
  std::vector<Value> result;
  result.reserve(input.size() + encrypted_.size());
  for (std::size_t i = 0; i < input.size(); ++i) {
    auto found = encrypted_.find(static_cast<int32_t>(i));
    if (found == encrypted_.end()) {
      result.push_back(input[i]);
      continue;
    }
    for (const route::EncryptItem* item : found->second) result.push_back(item->encryptor->Encrypt(input[i]));
  }
  return result;
}

void CompiledPlan::Units(std::string_view sql, const std::vector<LiteralToken>& literals,
                         const route::RouteInput& input, const route::RouteContext& route,
                         std::vector<SqlUnit>& units) const {
  std::vector<Value> storage;
  const std::vector<Value>& params = PieceParams(input.params, storage);
  rewrite::RewriteInput rewrite{input.statement, input.rules, route, input.params};
  if (route.units.size() < 2 || !SharesDataSource(route.units) || !rewrite::UnionAllApplies(rewrite)) {
    units.resize(route.units.size());
    for (std::size_t i = 0; i < route.units.size(); ++i) {
      units[i].data_source = route.units[i].data_source;
      units[i].sql.clear();
      units[i].sql.reserve(sql.size() + 16);
      AppendUnitSql(sql, literals, route.units[i], units[i].sql);
      units[i].params = params;
    }
    return;
  }
  // UNION ALL: each statement built once, its units' SQL appended in place.
  std::size_t targets = 0;
  std::vector<std::size_t> target_of = rewrite::UnionAllTargets(route.units, input.rules.max_union_size_per_datasource, targets);
  std::vector<std::size_t> joined(targets, 0);
  for (std::size_t t : target_of) ++joined[t];
  units.resize(targets);
  for (SqlUnit& unit : units) {
    unit.sql.clear();
    unit.params.clear();
  }
  for (std::size_t i = 0; i < route.units.size(); ++i) {
    SqlUnit& unit = units[target_of[i]];
    if (unit.sql.empty()) {
      unit.data_source = route.units[i].data_source;
      unit.sql.reserve(joined[target_of[i]] * (sql.size() + 16 + 11));
      unit.params.reserve(joined[target_of[i]] * params.size());
    } else {
      unit.sql.append(" UNION ALL ");
    }
    AppendUnitSql(sql, literals, route.units[i], unit.sql);
    unit.params.insert(unit.params.end(), params.begin(), params.end());
  }
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
  route::RouteInput input{model, call.rules, call.params, kNoHints};
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
      out = FinishRoute({*statement, call.rules, call.params, kNoHints}, std::move(route), call.session, call.sql,
                        call.observation);
      return true;
    }
  }
  route::DecorateReadwrite(input, call.session, route);
  route::DecorateShadow(input, route);
  call.observation.Routed(route);
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
