#include "rewrite/having_condition.h"

#include "common/strings.h"
#include "sqlroute/error_text.h"

namespace sqlroute::rewrite {
namespace {

// `id` names an UNSUPPORTED_SQL message taking the {expression}'s text.
template <msg::Id id>
[[noreturn]] void Unsupported(const ast::Statement& statement, const ast::Expr& expr) {
  throw Error(Message<id>(arg::expression = statement.text(expr.span)), PositionAt(statement.sql, expr.span.begin));
}

[[noreturn]] void UnsupportedOperator(const ast::Statement& statement, const ast::Expr& expr) {
  throw Error(Message<msg::HavingOperator>(arg::op = expr.op, arg::expression = statement.text(expr.span)),
              PositionAt(statement.sql, expr.span.begin));
}

class Converter {
 public:
  Converter(const ast::Statement& statement, const std::vector<Value>& params, const HavingResolver& resolver)
      : statement_(statement), params_(params), resolver_(resolver) {}

  MergeExpr Convert(ast::ExprId id) const {
    const ast::Expr& expr = statement_.expr(id);
    switch (expr.kind) {
      case ast::ExprKind::Column: return Column(resolver_.column(id));
      case ast::ExprKind::Literal: return Literal(expr.literal);
      case ast::ExprKind::Param: return Literal(Param(expr));
      case ast::ExprKind::Function:
        if (MergeableAggregate(statement_, expr)) return Column(resolver_.aggregate(id));
        Unsupported<msg::HavingFunction>(statement_, expr);
      case ast::ExprKind::Binary: return Binary(expr);
      case ast::ExprKind::Unary: return Unary(expr);
      case ast::ExprKind::IsNull: return Node(MergeExprKind::IsNull, expr, expr.children);
      case ast::ExprKind::Between: return Node(MergeExprKind::Between, expr, expr.children);
      case ast::ExprKind::In:
        if (expr.subquery != ast::kNoQuery) Unsupported<msg::HavingSubquery>(statement_, expr);
        return Node(MergeExprKind::In, expr, expr.children);
      default:
        Unsupported<msg::HavingExpression>(statement_, expr);
    }
  }

 private:
  static MergeExpr Column(MergeColumn column) {
    MergeExpr result;
    result.kind = MergeExprKind::Column;
    result.column = std::move(column);
    return result;
  }

  static MergeExpr Literal(Value value) {
    MergeExpr result;
    result.kind = MergeExprKind::Literal;
    result.literal = std::move(value);
    return result;
  }

  const Value& Param(const ast::Expr& expr) const {
    if (expr.param_index < 0 || static_cast<std::size_t>(expr.param_index) >= params_.size()) {
      throw Error(Message<msg::ParameterNotBound>(arg::index = expr.param_index + 1, arg::given = params_.size()),
                  PositionAt(statement_.sql, expr.span.begin));
    }
    return params_[static_cast<std::size_t>(expr.param_index)];
  }

  MergeExpr Node(MergeExprKind kind, const ast::Expr& expr, const std::vector<ast::ExprId>& children,
                 std::string op = "") const {
    MergeExpr result;
    result.kind = kind;
    result.op = std::move(op);
    result.negated = expr.negated;
    for (ast::ExprId child : children) result.children.push_back(Convert(child));
    return result;
  }

  MergeExpr Binary(const ast::Expr& expr) const {
    const std::string op = ToUpper(expr.op);
    if (op == "AND" || op == "&&") return Node(MergeExprKind::And, expr, expr.children);
    if (op == "OR" || op == "||") return Node(MergeExprKind::Or, expr, expr.children);
    if (op == "XOR") return Node(MergeExprKind::Xor, expr, expr.children);
    if (op == "!=") return Node(MergeExprKind::Compare, expr, expr.children, "<>");
    for (const char* compare : {"=", "<=>", "<>", "<", ">", "<=", ">="}) {
      if (op == compare) return Node(MergeExprKind::Compare, expr, expr.children, op);
    }
    if (op == "MOD") return Node(MergeExprKind::Arithmetic, expr, expr.children, "%");
    for (const char* arithmetic : {"+", "-", "*", "/", "DIV", "%"}) {
      if (op == arithmetic) return Node(MergeExprKind::Arithmetic, expr, expr.children, op);
    }
    UnsupportedOperator(statement_, expr);
  }

  MergeExpr Unary(const ast::Expr& expr) const {
    const std::string op = ToUpper(expr.op);
    if (op == "NOT" || op == "!") return Node(MergeExprKind::Not, expr, expr.children);
    if (op == "-") return Node(MergeExprKind::Negate, expr, expr.children);
    if (op == "+") return Convert(expr.children.front());
    UnsupportedOperator(statement_, expr);
  }

  const ast::Statement& statement_;
  const std::vector<Value>& params_;
  const HavingResolver& resolver_;
};

}  // namespace

std::optional<AggregationType> MergeableAggregate(const ast::Statement& statement, const ast::Expr& expr) {
  if (expr.kind != ast::ExprKind::Function || expr.window) return std::nullopt;
  static const std::pair<const char*, AggregationType> kMergeable[] = {
      {"COUNT", AggregationType::Count}, {"SUM", AggregationType::Sum},       {"AVG", AggregationType::Avg},
      {"MAX", AggregationType::Max},     {"MIN", AggregationType::Min},       {"BIT_XOR", AggregationType::BitXor},
      {"GROUP_CONCAT", AggregationType::GroupConcat}};
  for (const auto& [name, type] : kMergeable) {
    if (expr.op == name) return type;
  }
  static const char* const kOthers[] = {"BIT_AND", "BIT_OR", "STD", "STDDEV", "STDDEV_POP", "STDDEV_SAMP",
                                        "VARIANCE", "VAR_POP", "VAR_SAMP", "JSON_ARRAYAGG", "JSON_OBJECTAGG"};
  for (const char* name : kOthers) {
    if (expr.op == name) Unsupported<msg::HavingAggregate>(statement, expr);
  }
  return std::nullopt;
}

MergeExpr HavingCondition(const ast::Statement& statement, ast::ExprId having, const std::vector<Value>& params,
                          const HavingResolver& resolver) {
  return Converter(statement, params, resolver).Convert(having);
}

std::vector<int32_t> ParamsIn(const ast::Statement& statement, ast::Span span) {
  std::vector<int32_t> result;
  for (std::size_t i = 0; i < statement.param_markers.size(); ++i) {
    const ast::Span& marker = statement.param_markers[i];
    if (marker.begin >= span.begin && marker.end <= span.end) result.push_back(static_cast<int32_t>(i));
  }
  return result;
}

}  // namespace sqlroute::rewrite
