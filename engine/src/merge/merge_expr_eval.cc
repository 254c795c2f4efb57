#include "merge/merge_expr_eval.h"

#include <cmath>

#include "merge/merge_numbers.h"
#include "sqlroute/error_text.h"

namespace sqlroute::merge {
namespace {

constexpr int32_t kDivPrecisionIncrement = 4;  // MySQL's div_precision_increment default

Value Truth(bool value) { return Value::Long(value ? 1 : 0); }

bool IsNumber(const Value& value) {
  switch (value.kind()) {
    case Value::Kind::Bool:
    case Value::Kind::Int:
    case Value::Kind::Long:
    case Value::Kind::BigInt:
    case Value::Kind::Decimal:
    case Value::Kind::Double: return true;
    default: return false;
  }
}

// A string in arithmetic or as a condition: its leading number, as MySQL converts it.
double LeadingNumber(const Value& value) {
  if (auto number = ApproximateNumber(value)) return *number;
  const std::string& text = value.text();
  char* end = nullptr;
  double result = std::strtod(text.c_str(), &end);
  return end == text.c_str() ? 0.0 : result;
}

Value Compare(const std::string& op, const Value& a, const Value& b, Collation collation) {
  if (op == "<=>") {
    if (a.is_null() || b.is_null()) return Truth(a.is_null() && b.is_null());
    return Truth(CompareForMerge(a, b, collation) == 0);
  }
  if (a.is_null() || b.is_null()) return Value::Null();
  int order = CompareForMerge(a, b, collation);
  if (op == "=") return Truth(order == 0);
  if (op == "<>" || op == "!=") return Truth(order != 0);
  if (op == "<") return Truth(order < 0);
  if (op == ">") return Truth(order > 0);
  if (op == "<=") return Truth(order <= 0);
  if (op == ">=") return Truth(order >= 0);
  throw Error(Message<msg::MergeComparisonUnknown>(arg::op = op));
}

Value Integral(const expr::BigInteger& number) {
  return number.FitsInt64() ? Value::Long(number.LongValue()) : Value::BigInt(number.ToString());
}

Value ExactArithmetic(const std::string& op, const expr::BigDecimal& a, const expr::BigDecimal& b) {
  if (op == "+") return a.scale == 0 && b.scale == 0 ? Integral(expr::Add(a, b).unscaled) : DecimalValue(expr::Add(a, b));
  if (op == "-") {
    expr::BigDecimal result = expr::Subtract(a, b);
    return result.scale == 0 ? Integral(result.unscaled) : DecimalValue(result);
  }
  if (op == "*") {
    expr::BigDecimal result = expr::Multiply(a, b);
    return result.scale == 0 ? Integral(result.unscaled) : DecimalValue(result);
  }
  if (b.unscaled.sign() == 0) return Value::Null();  // division by zero is NULL
  // b as an integer count of its smallest unit: a / b = (a * 10^b.scale) / b.unscaled.
  expr::BigDecimal shifted{a.unscaled * expr::BigInteger::Pow10(b.scale), a.scale};
  if (op == "/") return DecimalValue(DivideRounded(shifted, b.unscaled, a.scale + kDivPrecisionIncrement));
  expr::BigInteger numerator = a.unscaled * expr::BigInteger::Pow10(b.scale);
  expr::BigInteger denominator = b.unscaled * expr::BigInteger::Pow10(a.scale);
  expr::BigInteger quotient;
  expr::BigInteger remainder;
  expr::BigInteger::DivMod(numerator, denominator, &quotient, &remainder);
  if (op == "DIV") return Integral(quotient);
  // MOD: the remainder has the dividend's sign and the larger scale of the two.
  int32_t scale = std::max(a.scale, b.scale);
  expr::BigDecimal result{remainder, a.scale + b.scale};
  result = result.WithScale(scale);
  return scale == 0 ? Integral(result.unscaled) : DecimalValue(result);
}

Value Arithmetic(const std::string& op, const Value& a, const Value& b) {
  if (a.is_null() || b.is_null()) return Value::Null();
  if (a.kind() != Value::Kind::Double && b.kind() != Value::Kind::Double && IsNumber(a) && IsNumber(b)) {
    return ExactArithmetic(op, *ExactNumber(a), *ExactNumber(b));
  }
  double x = LeadingNumber(a);
  double y = LeadingNumber(b);
  if (op == "+") return Value::Double(x + y);
  if (op == "-") return Value::Double(x - y);
  if (op == "*") return Value::Double(x * y);
  if (y == 0) return Value::Null();
  if (op == "/") return Value::Double(x / y);
  if (op == "DIV") return Value::Long(static_cast<int64_t>(std::trunc(x / y)));
  return Value::Double(std::fmod(x, y));
}

Value Negate(const Value& value) {
  if (value.is_null()) return value;
  if (value.kind() == Value::Kind::Double || !IsNumber(value)) return Value::Double(-LeadingNumber(value));
  expr::BigDecimal number = *ExactNumber(value);
  number.unscaled = expr::BigInteger::FromInt64(0) - number.unscaled;
  return number.scale == 0 ? Integral(number.unscaled) : DecimalValue(number);
}

// NULL when unknown, else 1 or 0.
Value Logic(MergeExprKind kind, const Value& a, const Value& b) {
  bool a_known = !a.is_null();
  bool b_known = !b.is_null();
  bool x = a_known && IsTrue(a);
  bool y = b_known && IsTrue(b);
  switch (kind) {
    case MergeExprKind::And:
      if ((a_known && !x) || (b_known && !y)) return Truth(false);
      return a_known && b_known ? Truth(true) : Value::Null();
    case MergeExprKind::Or:
      if (x || y) return Truth(true);
      return a_known && b_known ? Truth(false) : Value::Null();
    default:
      return a_known && b_known ? Truth(x != y) : Value::Null();
  }
}

Value In(const MergeExpr& expr, const Row& row, Collation collation) {
  Value needle = Evaluate(expr.children[0], row, collation);
  if (needle.is_null()) return Value::Null();
  bool unknown = false;
  for (std::size_t i = 1; i < expr.children.size(); ++i) {
    Value item = Evaluate(expr.children[i], row, collation);
    if (item.is_null()) {
      unknown = true;
    } else if (CompareForMerge(needle, item, collation) == 0) {
      return Truth(!expr.negated);
    }
  }
  return unknown ? Value::Null() : Truth(expr.negated);
}

Value Between(const MergeExpr& expr, const Row& row, Collation collation) {
  Value value = Evaluate(expr.children[0], row, collation);
  Value low = Compare(">=", value, Evaluate(expr.children[1], row, collation), collation);
  Value high = Compare("<=", value, Evaluate(expr.children[2], row, collation), collation);
  Value inside = Logic(MergeExprKind::And, low, high);
  if (inside.is_null() || !expr.negated) return inside;
  return Truth(!IsTrue(inside));
}

}  // namespace

bool IsTrue(const Value& value) {
  if (value.is_null()) return false;
  if (value.kind() == Value::Kind::Double) return value.double_value() != 0;
  if (IsNumber(value)) return ExactNumber(value)->unscaled.sign() != 0;
  return LeadingNumber(value) != 0;
}

Value Evaluate(const MergeExpr& expr, const Row& row, Collation collation) {
  auto child = [&](std::size_t i) { return Evaluate(expr.children[i], row, collation); };
  switch (expr.kind) {
    case MergeExprKind::Column: return row[static_cast<std::size_t>(expr.column.index)];
    case MergeExprKind::Literal: return expr.literal;
    case MergeExprKind::Not: {
      Value value = child(0);
      return value.is_null() ? value : Truth(!IsTrue(value));
    }
    case MergeExprKind::And:
    case MergeExprKind::Or:
    case MergeExprKind::Xor: return Logic(expr.kind, child(0), child(1));
    case MergeExprKind::Compare: return Compare(expr.op, child(0), child(1), collation);
    case MergeExprKind::Arithmetic: return Arithmetic(expr.op, child(0), child(1));
    case MergeExprKind::Negate: return Negate(child(0));
    case MergeExprKind::IsNull: return Truth(child(0).is_null() != expr.negated);
    case MergeExprKind::In: return In(expr, row, collation);
    case MergeExprKind::Between: return Between(expr, row, collation);
  }
  return Value::Null();
}

}  // namespace sqlroute::merge
