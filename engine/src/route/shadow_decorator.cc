#include "route/shadow_decorator.h"

#include <algorithm>
#include <map>
#include <vector>

#include "algorithm/shadow/simple_shadow_hint.h"
#include "common/strings.h"
#include "route/chain_links.h"
#include "route/sharding_conditions.h"
#include "sqlroute/error_text.h"

namespace sqlroute::route {
namespace {

using ast::StatementKind;

std::string Operation(StatementKind kind) {
  switch (kind) {
    case StatementKind::Insert:
    case StatementKind::Replace: return "insert";
    case StatementKind::Update: return "update";
    case StatementKind::Delete: return "delete";
    case StatementKind::Select: return "select";
    default: return "";
  }
}

class ShadowDecision {
 public:
  explicit ShadowDecision(const RouteInput& input) : input_(input), rule_(*input.rules.shadow) {
    hint_.shadow_hint = input.hints.shadow;
    for (const auto& comment : input.statement.comments) {
      std::map<std::string, std::string> pairs = shadow::ParseSimpleShadowHint(comment.text);
      if (hint_.hints.empty()) {
        hint_.hints = std::move(pairs);
      } else {
        for (auto& pair : pairs) hint_.hints[pair.first] = std::move(pair.second);  // a later comment's key wins
      }
    }
    operation_ = Operation(input.statement.kind);
  }

  // Indexes of the mappings that apply, ascending; `why` receives which algorithm (and value) decided.
  std::vector<std::size_t> Run(std::string& why) {
    std::vector<std::size_t> result;
    if (operation_.empty()) {
      for (const auto& each : rule_.hint_algorithms) {
        if (!each.algorithm->IsShadow(hint_)) continue;
        why.append("hint algorithm `").append(each.name).append("` matched a statement other than DML");
        return All();
      }
      return result;
    }
    std::vector<const rules::ShadowTable*> tables = ShadowTables();
    if (tables.empty()) {
      if (rule_.default_algorithm && rule_.default_algorithm->IsShadow(hint_)) {
        why.append("the default hint algorithm matched a statement on no shadow table");
        return All();
      }
      return result;
    }
    bool decided = false;
    for (const rules::ShadowTable* table : tables) {
      std::size_t mark = why.size();
      why.append(decided ? "; " : "").append("table ").append(table->table).append(": ");
      if (!MatchesHint(*table, why) && !MatchesColumn(*table, why)) {
        why.resize(mark);
        continue;
      }
      decided = true;
      result.insert(result.end(), table->mappings.begin(), table->mappings.end());
    }
    std::sort(result.begin(), result.end());
    result.erase(std::unique(result.begin(), result.end()), result.end());
    return result;
  }

 private:
  std::vector<std::size_t> All() const {
    std::vector<std::size_t> result(rule_.mappings.size());
    for (std::size_t i = 0; i < result.size(); ++i) result[i] = i;
    return result;
  }

  std::vector<const rules::ShadowTable*> ShadowTables() const {
    std::vector<const rules::ShadowTable*> result;
    for (const auto& ref : input_.statement.tables) {
      std::string name = ToLower(ref.name.name);
      for (const auto& table : rule_.tables) {
        if (table.table == name) result.push_back(&table);
      }
    }
    return result;
  }

  // Whether a hint algorithm of the table matches; it is named in `why`.
  bool MatchesHint(const rules::ShadowTable& table, std::string& why) const {
    for (const auto& each : table.algorithms) {
      if (each.algorithm->IsHintAlgorithm() && each.algorithm->IsShadow(hint_)) {
        why.append("hint algorithm `").append(each.name).append("` matched");
        return true;
      }
    }
    return false;
  }

  // Whether a column algorithm of the table matches a value the statement gives its column;
  // the algorithm and the value are named in `why`.
  bool MatchesColumn(const rules::ShadowTable& table, std::string& why) const {
    for (const auto& each : table.algorithms) {
      if (each.algorithm->IsHintAlgorithm() || each.algorithm->operation() != operation_) continue;
      ShadowCheckInput check;
      check.operation = operation_;
      check.table = table.table;
      check.column = each.algorithm->column();
      for (const Value& value : ColumnValues(table.table, check.column)) {
        check.values = {value};
        if (each.algorithm->IsShadow(check)) {
          why.append("algorithm `").append(each.name).append("` matched ").append(check.column).append(" = ");
          why.append(value.ToDisplay());
          return true;
        }
      }
    }
    return false;
  }

  // Values the statement gives the column: INSERT rows, and the right side of any comparison
  // or IN list in WHERE (literals and parameters only).
  std::vector<Value> ColumnValues(const std::string& table, const std::string& column) const {
    const ast::Statement& statement = input_.statement;
    std::vector<Value> result;
    if (statement.kind == StatementKind::Insert || statement.kind == StatementKind::Replace) {
      for (std::size_t c = 0; c < statement.insert.columns.size(); ++c) {
        if (statement.insert.columns[c].name != column) continue;
        for (const auto& row : statement.insert.rows) {
          if (c < row.values.size()) AddInsertValue(table, column, c, row.values[c], result);
        }
      }
      for (const auto& assignment : statement.insert.set_assignments) {
        if (assignment.column.name.name == column) Add(assignment.value, result);
      }
      return result;
    }
    for (const auto& expr : statement.exprs) {
      bool compares = expr.kind == ast::ExprKind::Binary || expr.kind == ast::ExprKind::In;
      if (!compares || expr.children.size() < 2) continue;
      const ast::Expr& left = statement.expr(expr.children.front());
      if (left.kind != ast::ExprKind::Column || left.column.name.name != column) continue;
      for (std::size_t i = 1; i < expr.children.size(); ++i) Add(expr.children[i], result);
    }
    return result;
  }

  void Add(ast::ExprId id, std::vector<Value>& values) const {
    if (auto value = OperandValue(input_.statement, id, input_.params)) values.push_back(std::move(*value));
  }

  // INSERT values of a shadow column must be literals or parameters of a supported type.
  void AddInsertValue(const std::string& table, const std::string& column, std::size_t index, ast::ExprId id,
                      std::vector<Value>& values) const {
    auto value = OperandValue(input_.statement, id, input_.params);
    if (!value) {
      throw Error(Message<msg::ShadowInsertValueUnsupported>(arg::index = index));
    }
    if (value->is_temporal() || value->kind() == Value::Kind::Bool || value->kind() == Value::Kind::Bytes) {
      throw Error(Message<msg::ShadowValueTypeUnsupported>(arg::column = column, arg::table = table,
                                                           arg::type = Value::KindName(value->kind())));
    }
    values.push_back(std::move(*value));
  }

  const RouteInput& input_;
  const rules::ShadowRule& rule_;
  ShadowCheckInput hint_;
  std::string operation_;
};

}  // namespace

// A unit on a shadow data source (by its name, as ShardingSphere's ShadowRouteContextDecorator
// finds it) moves to the shadow data source when the statement is shadowed and to the production
// one otherwise; a unit on a production data source itself moves when the statement is shadowed.
void DecorateShadow(const RouteInput& input, Session* /*session*/, RouteContext& context) {
  if (!input.rules.shadow) return;
  const auto& mappings = input.rules.shadow->mappings;
  bool named = false;
  for (const auto& unit : context.units) {
    for (const auto& mapping : mappings) named = named || unit.data_source == mapping.name;
  }
  std::string note = "shadow: ";
  std::vector<std::size_t> applied = ShadowDecision(input).Run(note);
  if (applied.empty() && !named) return;
  bool moved = false;
  for (std::size_t i = 0; i < context.units.size(); ++i) {
    RouteUnit& unit = context.units[i];
    for (std::size_t m = 0; m < mappings.size(); ++m) {
      const rules::ShadowMapping& mapping = mappings[m];
      bool shadowed = std::binary_search(applied.begin(), applied.end(), m);
      if (unit.data_source == mapping.name) {
        RecordLink(input, context, i, "shadow");
        unit.data_source = shadowed ? mapping.shadow : mapping.production;
        moved = moved || shadowed;
        break;
      }
      if (shadowed && (unit.data_source == mapping.production || unit.logic_data_source == mapping.production)) {
        if (unit.logic_data_source == unit.data_source) unit.logic_data_source = mapping.production;
        unit.data_source = mapping.shadow;
        moved = true;
      }
    }
  }
  if (!applied.empty() && (context.decorator_pass == 0 || moved)) context.notes.push_back(std::move(note));
}

}  // namespace sqlroute::route
