// Expressions. Left-recursive operator chains are converted along their left spine in a
// loop, so a thousands-long a OR b OR ... costs no recursion.
#include <algorithm>
#include <cctype>
#include <cstdint>
#include <cstdlib>
#include <typeinfo>

#include "parser/converter.h"
#include "parser/literal_text.h"

namespace sqlroute::parser {

using ast::Expr;
using ast::ExprId;
using ast::ExprKind;

namespace {

std::string Upper(std::string text) {
  for (char& c : text) c = static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
  return text;
}

Expr Make(ExprKind kind, ast::Span span, std::string op = {}) {
  Expr expr;
  expr.kind = kind;
  expr.span = span;
  expr.op = std::move(op);
  return expr;
}

}  // namespace

ExprId Converter::AddExpr(Expr expr) {
  st_.exprs.push_back(std::move(expr));
  return static_cast<ExprId>(st_.exprs.size() - 1);
}

ExprId Converter::Opaque(antlr4::ParserRuleContext* ctx) { return AddExpr(Make(ExprKind::Other, SpanOf(ctx))); }

std::vector<ExprId> Converter::ConvertExprs(const std::vector<P::ExprContext*>& exprs) {
  std::vector<ExprId> ids;
  ids.reserve(exprs.size());
  for (auto* expr : exprs) ids.push_back(ConvertExpr(expr));
  return ids;
}

namespace {

// The alternatives of `expr`, told apart by their shape rather than by dynamic_cast.
enum class Shape { Predicate, Not, Logical, Comparison, Quantified, Is };

Shape ShapeOf(P::ExprContext* ctx) {
  const auto& children = ctx->children;
  switch (children.size()) {
    case 1: return Shape::Predicate;
    case 2: return ctx->getStart()->getType() == P::NOT ? Shape::Not : Shape::Predicate;
    case 4: return Shape::Is;
    case 6: return Shape::Quantified;
    default: {
      auto* op = dynamic_cast<antlr4::tree::TerminalNode*>(children[1]);
      if (op == nullptr) return Shape::Comparison;
      return op->getSymbol()->getType() == P::IS ? Shape::Is : Shape::Logical;
    }
  }
}

}  // namespace

ExprId Converter::ConvertExpr(P::ExprContext* ctx) {
  Shape shape = ShapeOf(ctx);
  if (shape == Shape::Predicate) return ConvertPredicate(static_cast<P::PredicateExprContext*>(ctx));
  if (shape == Shape::Not) {
    Expr expr = Make(ExprKind::Unary, SpanOf(ctx), "NOT");
    expr.children = {ConvertExpr(static_cast<P::ExprContext*>(ctx->children[1]))};
    return AddExpr(std::move(expr));
  }
  std::vector<std::pair<P::ExprContext*, Shape>> spine;  // binary and postfix nodes, outermost first
  P::ExprContext* leaf = ctx;
  while (shape != Shape::Predicate && shape != Shape::Not) {
    spine.emplace_back(leaf, shape);
    leaf = static_cast<P::ExprContext*>(leaf->children[0]);
    shape = ShapeOf(leaf);
  }
  ExprId left = ConvertExpr(leaf);
  for (auto it = spine.rbegin(); it != spine.rend(); ++it) {
    auto* node = it->first;
    ast::Span span = SpanOf(node);
    Expr expr;
    if (it->second == Shape::Is) {
      auto* is = static_cast<P::IsExprContext*>(node);
      expr = is->NULL_SYM() ? Make(ExprKind::IsNull, span)
                            : Make(ExprKind::IsBool, span, is->TRUE() ? "TRUE" : is->FALSE() ? "FALSE" : "UNKNOWN");
      expr.negated = is->NOT() != nullptr;
      expr.children = {left};
    } else if (it->second == Shape::Quantified) {
      auto* quantified = static_cast<P::QuantifiedComparisonContext*>(node);
      auto* quantifier = static_cast<antlr4::tree::TerminalNode*>(node->children[2]);
      Expr sub = Make(ExprKind::Subquery, Cover(SpanOf(quantifier), span), Upper(Text(quantifier)));
      sub.subquery = Subquery(quantified->queryExpression());
      ExprId right = AddExpr(std::move(sub));
      expr = Make(ExprKind::Binary, span, Text(quantified->comparisonOperator()));
      expr.children = {left, right};
    } else if (it->second == Shape::Comparison) {
      ExprId right = ConvertExpr(static_cast<P::ExprContext*>(node->children[2]));
      expr = Make(ExprKind::Binary, span, Text(static_cast<P::ComparisonContext*>(node)->comparisonOperator()));
      expr.children = {left, right};
    } else {
      size_t type = static_cast<antlr4::tree::TerminalNode*>(node->children[1])->getSymbol()->getType();
      ExprId right = ConvertExpr(static_cast<P::ExprContext*>(node->children[2]));
      expr = Make(ExprKind::Binary, span, type == P::AND || type == P::AND2 ? "AND" : type == P::XOR ? "XOR" : "OR");
      expr.children = {left, right};
    }
    left = AddExpr(std::move(expr));
  }
  return left;
}

// predicateExpr: bitExpr predicateSuffix?
ExprId Converter::ConvertPredicate(P::PredicateExprContext* ctx) {
  ExprId left = ConvertBitExpr(static_cast<P::BitExprContext*>(ctx->children[0]));
  if (ctx->children.size() < 2) return left;
  auto* suffix = static_cast<P::PredicateSuffixContext*>(ctx->children[1]);
  ast::Span span = SpanOf(ctx);
  Expr expr;
  const std::type_info& type = typeid(*suffix);
  if (type == typeid(P::InSuffixContext)) {
    auto* in = static_cast<P::InSuffixContext*>(suffix);
    expr = Make(ExprKind::In, span);
    expr.negated = in->getStart()->getType() == P::NOT;
    expr.children = {left};
    if (auto* query = Child<P::QueryExpressionContext>(in, P::RuleQueryExpression)) {
      expr.subquery = Subquery(query);
    } else {
      for (ExprId item : ConvertExprs(Children<P::ExprContext>(in, P::RuleExpr))) expr.children.push_back(item);
      ExpandInItems(expr);
    }
  } else if (type == typeid(P::BetweenSuffixContext)) {
    auto* between = static_cast<P::BetweenSuffixContext*>(suffix);
    expr = Make(ExprKind::Between, span);
    expr.negated = between->getStart()->getType() == P::NOT;
    ExprId low = ConvertBitExpr(Child<P::BitExprContext>(between, P::RuleBitExpr, 0));
    expr.children = {left, low, ConvertBitExpr(Child<P::BitExprContext>(between, P::RuleBitExpr, 1))};
  } else if (auto* sounds = dynamic_cast<P::SoundsLikeSuffixContext*>(suffix)) {
    expr = Make(ExprKind::Like, span, "SOUNDS LIKE");
    expr.children = {left, ConvertBitExpr(sounds->bitExpr())};
  } else if (auto* like = dynamic_cast<P::LikeSuffixContext*>(suffix)) {
    expr = Make(ExprKind::Like, span, "LIKE");
    expr.negated = like->NOT() != nullptr;
    expr.children = {left};
    for (auto* operand : like->simpleExpr()) expr.children.push_back(ConvertSimpleExpr(operand));
  } else if (auto* regexp = dynamic_cast<P::RegexpSuffixContext*>(suffix)) {
    expr = Make(ExprKind::Like, span, regexp->REGEXP() ? "REGEXP" : "RLIKE");
    expr.negated = regexp->NOT() != nullptr;
    expr.children = {left, ConvertBitExpr(regexp->bitExpr())};
  } else {
    auto* member = static_cast<P::MemberOfSuffixContext*>(suffix);
    expr = Make(ExprKind::Function, span, "MEMBER OF");
    expr.children = {left, ConvertSimpleExpr(member->simpleExpr())};
  }
  return AddExpr(std::move(expr));
}

ExprId Converter::ConvertBitExpr(P::BitExprContext* ctx) {
  std::vector<P::BitBinaryContext*> spine;
  P::BitExprContext* leaf = ctx;
  while (leaf->children.size() == 3) {  // bitExpr op bitExpr
    spine.push_back(static_cast<P::BitBinaryContext*>(leaf));
    leaf = static_cast<P::BitExprContext*>(leaf->children[0]);
  }
  ExprId left = ConvertSimpleExpr(static_cast<P::SimpleExprContext*>(leaf->children[0]));  // bitSimple
  for (auto it = spine.rbegin(); it != spine.rend(); ++it) {
    ExprId right = ConvertBitExpr(static_cast<P::BitExprContext*>((*it)->children[2]));
    Expr expr = Make(ExprKind::Binary, SpanOf(*it), Upper(Text(static_cast<antlr4::tree::TerminalNode*>((*it)->children[1]))));
    expr.children = {left, right};
    left = AddExpr(std::move(expr));
  }
  return left;
}

// Alternatives are told apart by exact type (typeid), cheaper than a chain of dynamic_casts.
ExprId Converter::ConvertSimpleExpr(P::SimpleExprContext* ctx) {
  ast::Span span = SpanOf(ctx);
  const std::type_info& type = typeid(*ctx);
  if (type == typeid(P::ColumnPrimaryContext)) {  // columnRef ((JSON_EXTRACT | JSON_UNQUOTE) textString)?
    auto* column_ref = static_cast<P::ColumnRefContext*>(ctx->children[0]);
    Expr expr = Make(ExprKind::Column, SpanOf(column_ref));
    expr.column = Column(column_ref);
    ExprId id = AddExpr(std::move(expr));
    if (ctx->children.size() < 3) return id;
    auto* text = static_cast<P::TextStringContext*>(ctx->children[2]);
    Expr path = Make(ExprKind::Literal, SpanOf(text));
    path.literal = StringValue(text);
    ExprId right = AddExpr(std::move(path));
    bool extract = static_cast<antlr4::tree::TerminalNode*>(ctx->children[1])->getSymbol()->getType() == P::JSON_EXTRACT;
    Expr json = Make(ExprKind::Binary, span, extract ? "->" : "->>");
    json.children = {id, right};
    return AddExpr(std::move(json));
  }
  if (type == typeid(P::ParamPrimaryContext)) {
    Expr expr = Make(ExprKind::Param, span);
    expr.param_index = ParamIndex(ctx->getStart());
    return AddExpr(std::move(expr));
  }
  if (type == typeid(P::LiteralPrimaryContext)) return ConvertLiteral(static_cast<P::LiteralContext*>(ctx->children[0]));
  if (type == typeid(P::FunctionPrimaryContext)) return ConvertFunction(static_cast<P::FunctionCallContext*>(ctx->children[0]));
  if (auto* unary = dynamic_cast<P::UnaryExprContext*>(ctx)) {
    std::string op = Upper(Text(static_cast<antlr4::tree::TerminalNode*>(unary->children[0])));
    ExprId operand = ConvertSimpleExpr(unary->simpleExpr());
    Expr& inner = st_.exprs[static_cast<size_t>(operand)];
    // A minus sign before a number is part of the literal, as ShardingSphere reads it.
    if (op == "-" && inner.kind == ExprKind::Literal && inner.literal.is_numeric()) {
      inner.literal = Negate(inner.literal);
      inner.span = span;
      return operand;
    }
    Expr expr = Make(ExprKind::Unary, span, std::move(op));
    expr.children = {operand};
    return AddExpr(std::move(expr));
  }
  if (auto* collate = dynamic_cast<P::CollateExprContext*>(ctx)) {
    ExprId operand = ConvertSimpleExpr(collate->simpleExpr());
    auto* collation = collate->collationName();
    ExprId right = AddExpr(Make(ExprKind::Other, SpanOf(collation), Text(collation)));
    Expr expr = Make(ExprKind::Binary, span, "COLLATE");
    expr.children = {operand, right};
    return AddExpr(std::move(expr));
  }
  if (dynamic_cast<P::VariablePrimaryContext*>(ctx)) return AddExpr(Make(ExprKind::Variable, span, Text(ctx)));
  if (auto* sequence = dynamic_cast<P::SequencePrimaryContext*>(ctx)) {  // MariaDB's NEXT / PREVIOUS VALUE FOR s
    AddTable(sequence->tableName(), ast::TableRole::Other);
    return AddExpr(Make(ExprKind::Function, span, sequence->NEXT() ? "NEXT VALUE FOR" : "PREVIOUS VALUE FOR"));
  }
  if (auto* assign = dynamic_cast<P::AssignPrimaryContext*>(ctx)) {
    ExprId variable = AddExpr(Make(ExprKind::Variable, SpanOf(assign->USER_VAR()), Text(assign->USER_VAR())));
    Expr expr = Make(ExprKind::Binary, span, ":=");
    expr.children = {variable, ConvertExpr(assign->expr())};
    return AddExpr(std::move(expr));
  }
  if (auto* subquery = dynamic_cast<P::SubqueryPrimaryContext*>(ctx)) {
    Expr expr = Make(ExprKind::Subquery, span);
    expr.subquery = Subquery(subquery->queryExpression());
    return AddExpr(std::move(expr));
  }
  if (auto* paren = dynamic_cast<P::ParenPrimaryContext*>(ctx)) {
    auto items = paren->expr();
    if (items.size() == 1) return ConvertExpr(items[0]);
    Expr expr = Make(ExprKind::Row, span);
    expr.children = ConvertExprs(items);
    return AddExpr(std::move(expr));
  }
  if (auto* row = dynamic_cast<P::RowPrimaryContext*>(ctx)) {
    Expr expr = Make(ExprKind::Row, span);
    expr.children = ConvertExprs(row->expr());
    return AddExpr(std::move(expr));
  }
  if (auto* exists = dynamic_cast<P::ExistsPrimaryContext*>(ctx)) {
    Expr expr = Make(ExprKind::Exists, span);
    expr.subquery = Subquery(exists->queryExpression());
    return AddExpr(std::move(expr));
  }
  if (auto* when = dynamic_cast<P::CasePrimaryContext*>(ctx)) {
    Expr expr = Make(ExprKind::Case, span);
    expr.has_operand = dynamic_cast<P::ExprContext*>(when->children[1]) != nullptr;
    expr.children = ConvertExprs(when->expr());
    return AddExpr(std::move(expr));
  }
  if (auto* interval = dynamic_cast<P::IntervalPrimaryContext*>(ctx)) {
    Expr expr = Make(ExprKind::Interval, span, Upper(Text(interval->identifier())));
    expr.children = {ConvertExpr(interval->expr())};
    return AddExpr(std::move(expr));
  }
  if (auto* value = dynamic_cast<P::DefaultPrimaryContext*>(ctx)) {
    Expr expr = Make(ExprKind::Default, span);
    if (auto* column = value->columnRef()) {
      Expr operand = Make(ExprKind::Column, SpanOf(column));
      operand.column = Column(column);
      expr.children = {AddExpr(std::move(operand))};
    }
    return AddExpr(std::move(expr));
  }
  if (auto* match = dynamic_cast<P::MatchPrimaryContext*>(ctx)) {
    Expr expr = Make(ExprKind::Function, span, "MATCH");
    for (auto* column : match->columnRef()) {
      Expr operand = Make(ExprKind::Column, SpanOf(column));
      operand.column = Column(column);
      expr.children.push_back(AddExpr(std::move(operand)));
    }
    expr.children.push_back(ConvertBitExpr(match->bitExpr()));
    return AddExpr(std::move(expr));
  }
  return Opaque(ctx);
}

ExprId Converter::ConvertFunction(P::FunctionCallContext* ctx) {
  ast::Span span = SpanOf(ctx);
  std::string name = Upper(Text(ctx->getStart()));
  Expr expr = Make(ExprKind::Function, span);
  size_t call_order = SIZE_MAX;  // index of this call's argument ORDER BY in st_.call_orders
  size_t window = SIZE_MAX;      // index of its OVER clause in st_.windows
  if (auto* generic = dynamic_cast<P::GenericCallContext*>(ctx)) {
    auto* function_name = generic->functionName();
    if (auto* qualified = function_name->qualifiedName()) {
      name.clear();
      for (auto* part : qualified->identifier()) {
        if (!name.empty()) name += '.';
        name += Upper(Ident(part).name);
      }
    }
    expr.distinct = generic->DISTINCT() != nullptr;
    expr.star = generic->STAR() != nullptr;
    expr.window = generic->overClause() != nullptr;
    if (auto* arguments = generic->functionArguments()) {
      expr.children = ConvertExprs(arguments->expr());
      if (auto* order = arguments->orderByClause()) {
        ast::CallOrder converted;
        converted.order_by = ConvertOrderItems(order->orderItem());
        converted.span = SpanOf(order);
        call_order = st_.call_orders.size();
        st_.call_orders.push_back(std::move(converted));
      }
    }
    if (auto* over = generic->overClause()) {
      ast::WindowSpec converted = ConvertWindowSpec(over->windowSpec());
      if (auto* named = over->identifier()) converted.reference = Ident(named);
      converted.span = SpanOf(over);
      window = st_.windows.size();
      st_.windows.push_back(std::move(converted));
    }
  } else if (auto* cast = dynamic_cast<P::CastCallContext*>(ctx)) {
    expr.children = {ConvertExpr(cast->expr())};
  } else if (auto* convert = dynamic_cast<P::ConvertCallContext*>(ctx)) {
    expr.children = {ConvertExpr(convert->expr())};
  } else if (auto* extract = dynamic_cast<P::ExtractCallContext*>(ctx)) {
    expr.children = {ConvertExpr(extract->expr())};
  } else if (auto* substring = dynamic_cast<P::SubstringCallContext*>(ctx)) {
    expr.children = ConvertExprs(substring->expr());
  } else if (auto* trim = dynamic_cast<P::TrimCallContext*>(ctx)) {
    expr.children = ConvertExprs(trim->expr());
  } else if (auto* position = dynamic_cast<P::PositionCallContext*>(ctx)) {
    ExprId needle = ConvertBitExpr(position->bitExpr());
    expr.children = {needle, ConvertExpr(position->expr())};
  } else if (auto* sequence = dynamic_cast<P::SequenceCallContext*>(ctx)) {
    // MariaDB's NEXTVAL(s), LASTVAL(s), SETVAL(s, n): the sequence is a table of the statement.
    AddTable(sequence->tableName(), ast::TableRole::Other);
    expr.children = ConvertExprs(sequence->expr());
  } else if (auto* weight = dynamic_cast<P::WeightStringCallContext*>(ctx)) {
    expr.children = {ConvertExpr(weight->expr())};
  } else if (auto* json_value = dynamic_cast<P::JsonValueCallContext*>(ctx)) {
    expr.children = ConvertExprs(json_value->expr());
  }
  expr.op = std::move(name);
  ExprId id = AddExpr(std::move(expr));
  if (call_order != SIZE_MAX) st_.call_orders[call_order].function = id;
  if (window != SIZE_MAX) st_.windows[window].function = id;
  return id;
}

ast::WindowSpec Converter::ConvertWindowSpec(P::WindowSpecContext* ctx) {
  ast::WindowSpec window;
  if (ctx == nullptr) return window;
  if (auto* name = Child<P::IdentifierContext>(ctx, P::RuleIdentifier)) window.reference = Ident(name);
  window.partition_by = ConvertExprs(ctx->expr());
  if (auto* order = Child<P::OrderByClauseContext>(ctx, P::RuleOrderByClause)) {
    window.order_by = ConvertOrderItems(Children<P::OrderItemContext>(order, P::RuleOrderItem));
  }
  return window;
}

Value Converter::StringValue(P::TextStringContext* ctx) const {
  std::string value;
  for (auto* child : ctx->children) {
    std::string text = Text(static_cast<antlr4::tree::TerminalNode*>(child));
    std::size_t quote = text.find_first_of("'\"");
    value += DecodeQuoted(std::string_view(text).substr(quote == std::string::npos ? 0 : quote));
  }
  return Value::String(std::move(value));
}

ExprId Converter::ConvertLiteral(P::LiteralContext* ctx) {
  Expr expr = Make(ExprKind::Literal, SpanOf(ctx));
  antlr4::Token* start = ctx->getStart();
  switch (start->getType()) {
    case P::INTEGER_NUM: expr.literal = Value::Integer(Text(start)); break;
    case P::DECIMAL_NUM: expr.literal = Value::Decimal(CanonicalDecimal(Text(start))); break;
    case P::FLOAT_NUM: expr.literal = Value::Double(std::strtod(Text(start).c_str(), nullptr)); break;
    case P::HEX_NUM: expr.literal = Value::Bytes(DecodeHex(Text(start))); break;
    case P::BIT_NUM: expr.literal = Value::Bytes(DecodeBits(Text(start))); break;
    case P::TRUE: expr.literal = Value::Bool(true); break;
    case P::FALSE: expr.literal = Value::Bool(false); break;
    case P::NULL_SYM: break;
    case P::DATE:
    case P::TIME:
    case P::TIMESTAMP: {
      std::string value = StringValue(static_cast<P::TextStringContext*>(ctx->children[1])).text();
      expr.literal = start->getType() == P::DATE   ? Value::Date(std::move(value))
                     : start->getType() == P::TIME ? Value::Time(std::move(value))
                                                   : Value::DateTime(std::move(value));
      break;
    }
    default: expr.literal = StringValue(static_cast<P::TextStringContext*>(ctx->children[0])); break;
  }
  return AddExpr(std::move(expr));
}

ast::Assignment Converter::ConvertAssignment(P::AssignmentContext* ctx) {
  ast::Assignment assignment;
  auto* column = static_cast<P::ColumnRefContext*>(ctx->children[0]);  // columnRef EQ expr
  assignment.column = Column(column);
  assignment.column_span = SpanOf(column);
  assignment.value = ConvertExpr(static_cast<P::ExprContext*>(ctx->children[2]));
  assignment.span = SpanOf(ctx);
  return assignment;
}

std::vector<ast::Assignment> Converter::ConvertAssignments(P::AssignmentListContext* ctx) {
  std::vector<ast::Assignment> result;
  for (auto* assignment : Children<P::AssignmentContext>(ctx, P::RuleAssignment)) result.push_back(ConvertAssignment(assignment));
  return result;
}

}  // namespace sqlroute::parser
