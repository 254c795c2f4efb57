// The values of runs cut from the parsed text (parser/value_runs.h), converted exactly as the
// converter treats the same values parsed by ANTLR.
#include "parser/converter.h"
#include "parser/literal_text.h"

namespace sqlroute::parser {

const ValueRun* Converter::RunAt(ValueRun::Kind kind, uint32_t anchor) {
  for (std::size_t r = 0; r < runs_.size(); ++r) {
    if (runs_[r].kind != kind || runs_[r].anchor != anchor) continue;
    runs_expanded_[r] = true;
    return &runs_[r];
  }
  return nullptr;
}

bool Converter::AllRunsExpanded() const {
  for (bool expanded : runs_expanded_) {
    if (!expanded) return false;
  }
  return true;
}

ast::ExprId Converter::AddSimpleValue(const SimpleValue& value) {
  ast::Expr& expr = st_.exprs.emplace_back();
  expr.kind = ast::ExprKind::Literal;
  expr.span = value.span;
  std::string_view text = st_.text(value.span);
  bool negate = value.negated;
  switch (value.kind) {
    case SimpleKind::Param:
      expr.kind = ast::ExprKind::Param;
      expr.param_index = ParamIndexAt(value.span.begin);
      break;
    case SimpleKind::Integer:
      if (value.magnitude < 0) {
        expr.literal = Value::Integer(text.substr(value.negated ? 1 : 0));
        break;
      }
      expr.literal = Value::Int(negate ? -value.magnitude : value.magnitude);  // read by the scan
      negate = false;
      break;
    case SimpleKind::Decimal:
      expr.literal = Value::Decimal(CanonicalDecimal(text.substr(value.negated ? 1 : 0)));
      break;
    case SimpleKind::String: expr.literal = Value::String(DecodeQuoted(text)); break;
    case SimpleKind::True: expr.literal = Value::Bool(true); break;
    case SimpleKind::False: expr.literal = Value::Bool(false); break;
    case SimpleKind::Null: break;
  }
  if (negate) expr.literal = Negate(expr.literal);
  return static_cast<ast::ExprId>(st_.exprs.size() - 1);
}

void Converter::ExpandInItems(ast::Expr& in) {
  if (runs_.empty() || in.children.size() != 2) return;
  const ValueRun* run = RunAt(ValueRun::Kind::InItems, st_.expr(in.children.back()).span.end);
  if (run == nullptr) return;
  in.children.reserve(run->values.size() + 2);
  // The model's expressions grow once, not by doublings that move every one before: BM
  // route/sharding/in_100000_values, 100,000 expressions of 300 bytes.
  st_.exprs.reserve(st_.exprs.size() + run->values.size());
  for (const auto& value : run->values) in.children.push_back(AddSimpleValue(value));
}

void Converter::ExpandRows(uint32_t anchor, std::vector<ast::InsertRow>& rows) {
  if (runs_.empty()) return;
  const ValueRun* run = RunAt(ValueRun::Kind::Rows, anchor);
  if (run == nullptr) return;
  rows.reserve(rows.size() + run->rows.size());
  st_.exprs.reserve(st_.exprs.size() + run->values.size());  // as in ExpandInItems
  std::size_t value = 0;
  for (std::size_t r = 0; r < run->rows.size(); ++r) {
    ast::InsertRow row;
    row.span = run->rows[r];
    row.values.reserve(run->row_ends[r] - value);
    for (; value < run->row_ends[r]; ++value) row.values.push_back(AddSimpleValue(run->values[value]));
    rows.push_back(std::move(row));
  }
}

}  // namespace sqlroute::parser
