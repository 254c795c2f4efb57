// The rewrite half of CompiledPlan (engine/compiled_plan.h): recorded tokens spliced into each
// statement's text, parameters passed or encrypted, and replays of recorded units.
#include <algorithm>

#include "common/data_source_index.h"
#include "common/strings.h"
#include "engine/compiled_plan.h"
#include "parser/sql_parser.h"
#include "rewrite/union_all.h"

namespace sqlroute::engine {
namespace {

using cache::LiteralToken;

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
  bind::BoundStatement bound = bind::Bind(recording.statement, recording.rules);
  route::RouteInput input{recording.statement, bound, recording.rules, recording.params, kNoHints};
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
    bind::BoundStatement bound = bind::Bind(parsed, recording.rules);
    rewrite::RewriteTrace trace;
    rewrite::RewriteResult rewritten =
        rewrite::Rewrite({parsed, bound, recording.rules, recording.decorated, recording.params, false, &trace});
    if (trace.params_rewritten && (!trace.params_encrypted_only || trace.encrypted != encrypted_)) return false;
    MergeInstructions merge = rewritten.merge;
    merge.affected_rows_once = false;
    if (!SameMerge(merge, merge_)) return false;
    route::RouteInput input{parsed, bound, recording.rules, recording.params, kNoHints};
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
    for (const rules::EncryptItem* item : found->second) result.push_back(item->encryptor->Encrypt(input[i]));
  }
  return result;
}

void CompiledPlan::Units(std::string_view sql, const std::vector<LiteralToken>& literals,
                         const route::RouteInput& input, const route::RouteContext& route,
                         std::vector<SqlUnit>& units) const {
  std::vector<Value> storage;
  const std::vector<Value>& params = PieceParams(input.params, storage);
  rewrite::RewriteInput rewrite{input.statement, input.bound, input.rules, route, input.params};
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

}  // namespace sqlroute::engine
