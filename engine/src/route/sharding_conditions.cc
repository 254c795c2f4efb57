#include "route/sharding_conditions.h"

#include <algorithm>
#include <ctime>
#include <string_view>

#include "common/strings.h"
#include "route/value_compare.h"
#include "sqlroute/error_text.h"

namespace sqlroute::route {
namespace {

constexpr std::size_t kMaxBranches = 1024;

// "IN (1, 2)" for explain. A long list shows its first values and its length: the full text
// of a 100,000-value IN cost 12 M instructions, and was copied into each unit's decision.
std::string InText(const std::vector<Value>& values) {
  constexpr std::size_t kShown = 16;
  std::string text = "IN (";
  for (std::size_t k = 0; k < values.size() && k < kShown; ++k) text += (k > 0 ? ", " : "") + values[k].ToDisplay();
  if (values.size() > kShown) text += ", ... " + std::to_string(values.size()) + " values";
  return text + ")";
}

using Branches = std::vector<std::vector<ast::ExprId>>;

// Operands of a chain of one binary operator (AND or OR), without recursion.
std::vector<ast::ExprId> Flatten(const ast::Statement& statement, ast::ExprId root, const char* op) {
  std::vector<ast::ExprId> result;
  const ast::Expr& top = statement.expr(root);
  if (top.kind != ast::ExprKind::Binary || top.op != op) {  // a single operand, as `id = ?` is
    result.push_back(root);
    return result;
  }
  std::vector<ast::ExprId> stack{root};
  while (!stack.empty()) {
    ast::ExprId id = stack.back();
    stack.pop_back();
    const ast::Expr& expr = statement.expr(id);
    if (expr.kind == ast::ExprKind::Binary && expr.op == op && expr.children.size() == 2) {
      stack.push_back(expr.children[1]);
      stack.push_back(expr.children[0]);
    } else {
      result.push_back(id);
    }
  }
  return result;
}

bool IsOr(const ast::Statement& statement, ast::ExprId id) {
  const ast::Expr& expr = statement.expr(id);
  return expr.kind == ast::ExprKind::Binary && expr.op == "OR";
}

// OR-branches of AND-predicates; nullopt when there would be too many branches.
std::optional<Branches> AndPredicates(const ast::Statement& statement, ast::ExprId root, int depth = 0) {
  if (depth > 64) return std::nullopt;
  auto is_or = [&](ast::ExprId id) { return IsOr(statement, id); };
  std::vector<ast::ExprId> conjuncts = Flatten(statement, root, "AND");
  Branches result;
  if (std::none_of(conjuncts.begin(), conjuncts.end(), is_or)) {  // one branch
    result.push_back(std::move(conjuncts));
    return result;
  }
  for (ast::ExprId alternative : Flatten(statement, root, "OR")) {
    Branches product{{}};
    for (ast::ExprId conjunct : Flatten(statement, alternative, "AND")) {
      const ast::Expr& expr = statement.expr(conjunct);
      bool nested_or = expr.kind == ast::ExprKind::Binary && expr.op == "OR";
      Branches parts;
      if (nested_or) {
        auto nested = AndPredicates(statement, conjunct, depth + 1);
        if (!nested) return std::nullopt;
        parts = std::move(*nested);
      } else {
        parts = {{conjunct}};
      }
      Branches next;
      for (const auto& left : product) {
        for (const auto& right : parts) {
          auto merged = left;
          merged.insert(merged.end(), right.begin(), right.end());
          next.push_back(std::move(merged));
          if (next.size() > kMaxBranches) return std::nullopt;
        }
      }
      product = std::move(next);
    }
    for (auto& each : product) result.push_back(std::move(each));
    if (result.size() > kMaxBranches) return std::nullopt;
  }
  return result;
}

std::string Now() {
  std::time_t now = std::time(nullptr);
  std::tm local{};
  localtime_r(&now, &local);
  char buffer[32];
  std::strftime(buffer, sizeof buffer, "%Y-%m-%d %H:%M:%S", &local);
  return buffer;
}

std::string_view Flip(std::string_view op) {
  if (op == "<") return ">";
  if (op == ">") return "<";
  if (op == "<=") return ">=";
  if (op == ">=") return "<=";
  return op;
}

class Extractor {
 public:
  Extractor(const ast::Statement& statement, const TableScope& scope, const std::vector<Value>& params)
      : statement_(statement), scope_(scope), params_(params) {}

  std::optional<ColumnCondition> FromPredicate(ast::ExprId id) const {
    const ast::Expr& expr = statement_.expr(id);
    switch (expr.kind) {
      case ast::ExprKind::Binary: return FromComparison(expr);
      case ast::ExprKind::In: return FromIn(id, expr);
      case ast::ExprKind::Between: return FromBetween(expr);
      case ast::ExprKind::IsNull: {
        if (expr.negated) return std::nullopt;
        auto result = Column(expr.children[0]);
        if (!result) return std::nullopt;
        result->values.push_back(Value::Null());
        result->text = "IS NULL";
        return result;
      }
      default: return std::nullopt;
    }
  }

 private:
  std::optional<ColumnCondition> Column(ast::ExprId id) const {
    const ast::Expr& expr = statement_.expr(id);
    if (expr.kind != ast::ExprKind::Column) return std::nullopt;
    ColumnOrigin origin = scope_.Origin(id);
    if (!origin.table) return std::nullopt;
    const std::string* column = origin.table->ShardingColumn(origin.column);  // lower-cased
    if (!column) return std::nullopt;
    ColumnCondition result;
    result.table = origin.table;
    result.column = *column;
    return result;
  }

  std::optional<ColumnCondition> FromComparison(const ast::Expr& expr) const {
    std::string_view op = expr.op;
    bool known = op == "=" || op == "<" || op == ">" || op == "<=" || op == ">=";
    if (!known || expr.children.size() != 2) return std::nullopt;
    ast::ExprId column_id = expr.children[0];
    ast::ExprId value_id = expr.children[1];
    if (statement_.expr(column_id).kind != ast::ExprKind::Column) {
      std::swap(column_id, value_id);
      op = Flip(op);
    }
    auto result = Column(column_id);
    if (!result) return std::nullopt;
    auto value = OperandValue(statement_, value_id, params_);
    if (!value) return std::nullopt;
    result->text.assign(op).append(" ").append(value->ToDisplay());
    if (op == "=") {
      result->values.push_back(std::move(*value));
      return result;
    }
    result->is_range = true;
    if (op == "<" || op == "<=") {
      result->range.upper = std::move(*value);
      result->range.upper_closed = op == "<=";
    } else {
      result->range.lower = std::move(*value);
      result->range.lower_closed = op == ">=";
    }
    return result;
  }

  std::optional<ColumnCondition> FromIn(ast::ExprId id, const ast::Expr& expr) const {
    if (expr.negated || expr.subquery != ast::kNoQuery || expr.children.size() < 2) return std::nullopt;
    auto result = Column(expr.children[0]);
    if (!result) return std::nullopt;
    std::vector<Value>& values = result->values;
    values.reserve(expr.children.size() - 1);
    for (std::size_t i = 1; i < expr.children.size(); ++i) {
      const ast::Expr& item = statement_.expr(expr.children[i]);
      if (item.kind == ast::ExprKind::Literal) {  // read in place: one copy of the value
        values.push_back(item.literal);
        continue;
      }
      auto value = OperandValue(statement_, expr.children[i], params_);
      if (!value) return std::nullopt;
      values.push_back(std::move(*value));
    }
    result->text = InText(values);
    result->in_list = id;
    return result;
  }

  std::optional<ColumnCondition> FromBetween(const ast::Expr& expr) const {
    if (expr.negated || expr.children.size() != 3) return std::nullopt;
    auto result = Column(expr.children[0]);
    if (!result) return std::nullopt;
    auto low = OperandValue(statement_, expr.children[1], params_);
    auto high = OperandValue(statement_, expr.children[2], params_);
    if (!low || !high) return std::nullopt;
    result->is_range = true;
    result->text.assign("BETWEEN ").append(low->ToDisplay()).append(" AND ").append(high->ToDisplay());
    result->range.lower = std::move(*low);
    result->range.upper = std::move(*high);
    return result;
  }

  // Why no sharding value came out of a branch, naming the sharding column it touches.
 public:
  // `code` becomes SUBQUERY_NOT_FOLLOWED when the column is compared with a subquery.
  std::string WhyNoValue(const ast::ExprId* first, const ast::ExprId* last, ScatterCode& code) const {
    for (const ast::ExprId* predicate = first; predicate != last; ++predicate) {
      std::string reason = Explain(*predicate, "", code);
      if (!reason.empty()) return reason;
    }
    return "";
  }

 private:
  std::string Explain(ast::ExprId id, const std::string& function, ScatterCode& code) const {
    const ast::Expr& expr = statement_.expr(id);
    if (expr.kind == ast::ExprKind::Column) {
      ColumnOrigin origin = scope_.Origin(id);
      std::string column = expr.column.name.name;
      if (!origin.table || !origin.table->IsShardingColumn(ToLower(origin.column))) return "";
      if (!function.empty()) return "function " + function + "() is applied to sharding column `" + column + "`";
      return "";
    }
    std::string inside = expr.kind == ast::ExprKind::Function ? expr.op : function;
    for (ast::ExprId child : expr.children) {
      std::string reason = Explain(child, inside, code);
      if (!reason.empty()) return reason;
    }
    if (!function.empty() || expr.children.empty()) return "";
    const ast::Expr& first = statement_.expr(expr.children.front());
    if (first.kind != ast::ExprKind::Column) return "";
    ColumnOrigin origin = scope_.Origin(expr.children.front());
    if (!origin.table || !origin.table->IsShardingColumn(ToLower(origin.column))) return "";
    std::string column = "sharding column `" + first.column.name.name + "`";
    bool negated = expr.negated && (expr.kind == ast::ExprKind::In || expr.kind == ast::ExprKind::Between);
    if (negated || expr.kind == ast::ExprKind::Like ||
        (expr.kind == ast::ExprKind::Binary && !FromComparison(expr))) {
      std::string op = expr.kind == ast::ExprKind::In ? "NOT IN" : expr.kind == ast::ExprKind::Between ? "NOT BETWEEN" : expr.op;
      bool value_side = expr.kind == ast::ExprKind::Binary && (expr.op == "=" || expr.op == "<" || expr.op == ">" ||
                                                              expr.op == "<=" || expr.op == ">=");
      if (value_side) return "the value compared with " + column + " is neither a literal nor a parameter";
      return "operator " + op + " on " + column + " gives no sharding value";
    }
    if (expr.kind == ast::ExprKind::In && expr.subquery != ast::kNoQuery) {
      code = ScatterCode::SUBQUERY_NOT_FOLLOWED;
      return column + " is compared with a subquery";
    }
    return "";
  }

  const ast::Statement& statement_;
  const TableScope& scope_;
  const std::vector<Value>& params_;
};

void RequireSameFamily(const Value& a, const Value& b, const std::string& column) {
  if (a.is_null() || b.is_null()) return;
  if (!CompareValues(a, b)) {
    throw Error(Message<msg::ShardingValueTypesDiffer>(arg::column = column));
  }
}

bool InRange(const Value& value, const ValueRange& range, const std::string& column) {
  if (value.is_null()) return false;
  if (range.lower) {
    RequireSameFamily(value, *range.lower, column);
    int c = *CompareValues(value, *range.lower);
    if (c < 0 || (c == 0 && !range.lower_closed)) return false;
  }
  if (range.upper) {
    RequireSameFamily(value, *range.upper, column);
    int c = *CompareValues(value, *range.upper);
    if (c > 0 || (c == 0 && !range.upper_closed)) return false;
  }
  return true;
}

ValueRange Intersect(const ValueRange& a, const ValueRange& b, const std::string& column) {
  ValueRange result = a;
  if (b.lower) {
    if (!result.lower) {
      result.lower = b.lower;
      result.lower_closed = b.lower_closed;
    } else {
      RequireSameFamily(*result.lower, *b.lower, column);
      int c = *CompareValues(*b.lower, *result.lower);
      if (c > 0 || (c == 0 && !b.lower_closed)) {
        result.lower = b.lower;
        result.lower_closed = b.lower_closed;
      }
    }
  }
  if (b.upper) {
    if (!result.upper) {
      result.upper = b.upper;
      result.upper_closed = b.upper_closed;
    } else {
      RequireSameFamily(*result.upper, *b.upper, column);
      int c = *CompareValues(*b.upper, *result.upper);
      if (c < 0 || (c == 0 && !b.upper_closed)) {
        result.upper = b.upper;
        result.upper_closed = b.upper_closed;
      }
    }
  }
  return result;
}

bool IsEmpty(const ValueRange& range, const std::string& column) {
  if (!range.lower || !range.upper) return false;
  RequireSameFamily(*range.lower, *range.upper, column);
  int c = *CompareValues(*range.lower, *range.upper);
  return c > 0 || (c == 0 && !(range.lower_closed && range.upper_closed));
}

// Merges several conditions on one column of one AND-branch, as ShardingSphere's
// WhereClauseShardingConditionEngine merges their route values.
ColumnCondition Merge(ColumnCondition into, const ColumnCondition& other, bool& always_false) {
  const std::string& column = into.column;
  into.text += " AND " + other.text;
  into.in_list = ast::kNoExpr;
  if (!into.is_range && !other.is_range) {
    std::vector<Value> kept;
    for (const auto& value : into.values) {
      for (const auto& candidate : other.values) {
        if (value.is_null() || candidate.is_null()) {
          if (value.is_null() && candidate.is_null()) kept.push_back(value);
          continue;
        }
        RequireSameFamily(value, candidate, column);
        if (*CompareValues(value, candidate) == 0) {
          kept.push_back(value);
          break;
        }
      }
    }
    into.values = std::move(kept);
    always_false = always_false || into.values.empty();
    return into;
  }
  if (into.is_range && other.is_range) {
    into.range = Intersect(into.range, other.range, column);
    always_false = always_false || IsEmpty(into.range, column);
    return into;
  }
  const ColumnCondition& list = into.is_range ? other : into;
  const ValueRange& range = into.is_range ? into.range : other.range;
  ColumnCondition result = list;
  result.text = into.text;
  result.in_list = ast::kNoExpr;
  result.values.clear();
  for (const auto& value : list.values) {
    if (InRange(value, range, column)) result.values.push_back(value);
  }
  always_false = always_false || result.values.empty();
  return result;
}

}  // namespace

bool ShardingConditions::AlwaysFalse() const {
  if (branches.empty()) return false;
  for (const auto& each : branches) {
    if (!each.always_false) return false;
  }
  return true;
}

std::optional<Value> OperandValue(const ast::Statement& statement, ast::ExprId id, const std::vector<Value>& params) {
  const ast::Expr& expr = statement.expr(id);
  switch (expr.kind) {
    case ast::ExprKind::Literal: return expr.literal;
    case ast::ExprKind::Param: {
      if (expr.param_index < 0 || static_cast<std::size_t>(expr.param_index) >= params.size()) {
        throw Error(Message<msg::ParameterNotBound>(arg::index = expr.param_index + 1, arg::given = params.size()),
                    PositionAt(statement.sql, expr.span.begin));
      }
      return params[static_cast<std::size_t>(expr.param_index)];
    }
    case ast::ExprKind::Function:
      if (expr.op == "NOW" && expr.children.empty()) return Value::DateTime(Now());
      return std::nullopt;
    default: return std::nullopt;
  }
}

ShardingConditions ExtractConditions(const ast::Statement& statement, Predicates predicates, const TableScope& scope,
                                     const std::vector<Value>& params) {
  ShardingConditions result;
  if (predicates.count == 0) {
    result.full_route_reason = "the statement has no WHERE clause";
    return result;
  }
  Extractor extractor(statement, scope, params);
  // Adds the condition of the AND-branch [first, last) (of `branches` in all); false when the
  // branch has no sharding condition, which leaves `result` a full route.
  auto add_branch = [&](const ast::ExprId* first, const ast::ExprId* last, std::size_t branches) {
    ShardingCondition condition;
    for (const ast::ExprId* predicate = first; predicate != last; ++predicate) {
      auto found = extractor.FromPredicate(*predicate);
      if (!found) continue;
      bool merged = false;
      for (auto& existing : condition.columns) {
        if (existing.table == found->table && existing.column == found->column) {
          existing = Merge(std::move(existing), *found, condition.always_false);
          merged = true;
        }
      }
      if (!merged) condition.columns.push_back(std::move(*found));
    }
    if (condition.columns.empty()) {
      result.branches.clear();
      ScatterCode code = ScatterCode::OPERATOR_NO_VALUE;
      std::string why = extractor.WhyNoValue(first, last, code);
      if (branches > 1) {
        result.full_route_reason = why.empty() ? "an OR branch has no sharding condition"
                                               : "an OR branch has no sharding value: " + why;
      } else {
        result.full_route_reason = why.empty() ? "no sharding condition in the WHERE clause" : why;
      }
      bool none = why.empty();
      result.full_route_code = !none ? code : branches > 1 ? ScatterCode::OR_ACROSS_COLUMNS
                                                           : ScatterCode::NO_SHARDING_CONDITION;
      return false;
    }
    result.branches.push_back(std::move(condition));
    return true;
  };
  // One predicate without OR is one branch, read without a list of branches around it (nor a
  // list at all for a single comparison): route/sharding/point_select/reused, two allocations.
  if (predicates.count == 1) {
    const ast::ExprId& root = *predicates.first;
    const ast::Expr& top = statement.expr(root);
    if (top.kind != ast::ExprKind::Binary || (top.op != "AND" && top.op != "OR")) {
      add_branch(&root, &root + 1, 1);
      return result;
    }
    std::vector<ast::ExprId> conjuncts = Flatten(statement, root, "AND");
    if (std::none_of(conjuncts.begin(), conjuncts.end(), [&](ast::ExprId id) { return IsOr(statement, id); })) {
      add_branch(conjuncts.data(), conjuncts.data() + conjuncts.size(), 1);
      return result;
    }
  }
  Branches branches;
  for (std::size_t p = 0; p < predicates.count; ++p) {
    auto parts = AndPredicates(statement, predicates.first[p]);
    if (!parts) {
      result.full_route_reason = "the WHERE clause has more than " + std::to_string(kMaxBranches) + " OR branches";
      result.full_route_code = ScatterCode::WHERE_TOO_COMPLEX;
      return result;
    }
    if (p == 0) {  // the first predicate: its branches as they are
      branches = std::move(*parts);
      continue;
    }
    Branches next;
    for (const auto& left : branches) {
      for (const auto& right : *parts) {
        auto merged = left;
        merged.insert(merged.end(), right.begin(), right.end());
        next.push_back(std::move(merged));
      }
    }
    if (next.size() > kMaxBranches) {
      result.full_route_reason = "the WHERE clause has more than " + std::to_string(kMaxBranches) + " OR branches";
      result.full_route_code = ScatterCode::WHERE_TOO_COMPLEX;
      return result;
    }
    branches = std::move(next);
  }
  for (const auto& branch : branches) {
    if (!add_branch(branch.data(), branch.data() + branch.size(), branches.size())) return result;
  }
  return result;
}

}  // namespace sqlroute::route
