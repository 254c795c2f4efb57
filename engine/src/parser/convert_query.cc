// SELECT query blocks: set operations, projections, FROM, clauses, LIMIT and locking.
#include "parser/converter.h"

namespace sqlroute::parser {

using ast::QueryId;
using ast::Span;

QueryId Converter::NewQuery(QueryId parent) {
  ast::Query query;
  query.parent = parent;
  st_.queries.push_back(std::move(query));
  return static_cast<QueryId>(st_.queries.size() - 1);
}

QueryId Converter::Subquery(P::QueryExpressionContext* ctx) {
  st_.has_subquery = true;
  return ConvertQueryExpression(ctx, current_query_);
}

namespace {

std::string CombineType(P::SetOperatorContext* op) {
  std::string type = op->UNION() ? "UNION" : op->INTERSECT() ? "INTERSECT" : "EXCEPT";
  if (op->ALL()) type += " ALL";
  return type;
}

// A query term that is a block of its own (not a parenthesized query expression).
bool StartsBlock(P::QueryTermContext* term) { return term->getStart()->getType() != P::LPAREN; }

}  // namespace

namespace {

// The parts of a query expression, collected in one pass over its children.
struct QueryExpressionParts {
  P::WithClauseContext* with = nullptr;
  std::vector<P::QueryTermContext*> terms;
  std::vector<P::SetOperatorContext*> operators;
  P::OrderByClauseContext* order = nullptr;
  P::LimitClauseContext* limit = nullptr;
  std::vector<P::LockingClauseContext*> locks;
};

QueryExpressionParts PartsOf(P::QueryExpressionContext* ctx) {
  QueryExpressionParts parts;
  for (auto* child : ctx->children) {
    auto* rule = static_cast<antlr4::ParserRuleContext*>(child);  // every child is a rule context
    switch (rule->getRuleIndex()) {
      case P::RuleWithClause: parts.with = static_cast<P::WithClauseContext*>(rule); break;
      case P::RuleQueryTerm: parts.terms.push_back(static_cast<P::QueryTermContext*>(rule)); break;
      case P::RuleSetOperator: parts.operators.push_back(static_cast<P::SetOperatorContext*>(rule)); break;
      case P::RuleOrderByClause: parts.order = static_cast<P::OrderByClauseContext*>(rule); break;
      case P::RuleLimitClause: parts.limit = static_cast<P::LimitClauseContext*>(rule); break;
      case P::RuleLockingClause: parts.locks.push_back(static_cast<P::LockingClauseContext*>(rule)); break;
      default: break;
    }
  }
  return parts;
}

}  // namespace

QueryId Converter::ConvertQueryExpression(P::QueryExpressionContext* ctx, QueryId parent) {
  QueryExpressionParts parts = PartsOf(ctx);
  // Reserve the block first, so that the top-level block precedes its CTEs and subqueries.
  QueryId reserved = StartsBlock(parts.terms[0]) ? NewQuery(parent) : ast::kNoQuery;
  if (parts.with != nullptr) ConvertWith(parts.with, reserved != ast::kNoQuery ? reserved : parent, SpanOf(ctx));
  QueryId main = ConvertQueryTerm(parts.terms[0], parent, reserved);
  for (size_t i = 1; i < parts.terms.size(); ++i) {
    QueryId partner = ConvertQueryTerm(parts.terms[i], parent, ast::kNoQuery);
    auto& main_query = st_.queries[static_cast<size_t>(main)];
    main_query.combined.push_back(partner);
    if (main_query.combine_type.empty()) main_query.combine_type = CombineType(parts.operators[i - 1]);
    st_.has_combine = true;
  }
  if (parts.order != nullptr) {
    auto items = ConvertOrderItems(Children<P::OrderItemContext>(parts.order, P::RuleOrderItem));
    st_.queries[static_cast<size_t>(main)].order_by = std::move(items);
  }
  if (parts.limit != nullptr) {
    auto converted = ConvertLimit(parts.limit);
    st_.queries[static_cast<size_t>(main)].limit = converted;
  }
  ConvertLocking(parts.locks, main);
  if (parts.terms.size() == 1) {
    auto& query = st_.queries[static_cast<size_t>(main)];
    Span whole = SpanOf(ctx);
    if (parts.with == nullptr) query.span = Cover(query.span, whole);
    else query.span.end = whole.end;
  }
  return main;
}

void Converter::ConvertWith(P::WithClauseContext* ctx, QueryId parent, Span scope) {
  bool recursive = ctx->RECURSIVE() != nullptr;
  for (auto* cte : ctx->commonTableExpression()) {
    st_.has_subquery = true;
    QueryId id = ConvertQueryExpression(cte->queryExpression(), parent);
    ast::Query& query = st_.queries[static_cast<size_t>(id)];
    query.alias = Ident(cte->identifier());
    query.cte = ast::CteName{scope, SpanOf(cte), recursive};
    if (auto* columns = cte->columnNameList()) query.column_names = ColumnNames(columns);
  }
}

std::vector<ast::Identifier> Converter::ColumnNames(P::ColumnNameListContext* ctx) const {
  std::vector<ast::Identifier> result;
  for (auto* column : ctx->columnRef()) result.push_back(Column(column).name);
  return result;
}

QueryId Converter::ConvertQueryTerm(P::QueryTermContext* ctx, QueryId parent, QueryId reserved) {
  if (!StartsBlock(ctx)) return ConvertQueryExpression(static_cast<P::QueryExpressionContext*>(ctx->children[1]), parent);
  QueryId id = reserved != ast::kNoQuery ? reserved : NewQuery(parent);
  st_.queries[static_cast<size_t>(id)].span = SpanOf(ctx);
  if (ctx->getStart()->getType() == P::SELECT) {
    auto* spec = static_cast<P::QuerySpecificationContext*>(ctx->children[0]);
    QueryId outer = current_query_;
    current_query_ = id;
    ConvertSpecification(spec, id);
    current_query_ = outer;
  } else if (auto* table = ctx->explicitTable()) {
    int32_t index = AddTable(table->tableName(), ast::TableRole::From);
    st_.tables[static_cast<size_t>(index)].query = id;
    st_.queries[static_cast<size_t>(id)].from_tables.push_back(index);
    ast::Projection star;
    star.star = true;
    star.span = SpanOf(table->TABLE());
    st_.queries[static_cast<size_t>(id)].projections.push_back(star);
  } else if (auto* values = ctx->tableValueConstructor()) {
    for (auto* row : values->rowConstructor()) {
      ConvertExprs(row->expr());
    }
  }
  return id;
}

// One pass over the clauses: the generated accessors would each rescan every child.
void Converter::ConvertSpecification(P::QuerySpecificationContext* ctx, QueryId id) {
  auto query = [&]() -> ast::Query& { return st_.queries[static_cast<size_t>(id)]; };
  P::SelectItemContext* first_item = nullptr;
  P::SelectItemContext* last_item = nullptr;
  for (auto* child : ctx->children) {
    if (typeid(*child) == typeid(antlr4::tree::TerminalNodeImpl)) continue;
    auto* clause = static_cast<antlr4::ParserRuleContext*>(child);
    switch (clause->getRuleIndex()) {
      case P::RuleSelectOption: {
        size_t option = clause->getStart()->getType();
        if (option == P::DISTINCT || option == P::DISTINCTROW) query().distinct = true;
        break;
      }
      case P::RuleSelectItem: {
        last_item = static_cast<P::SelectItemContext*>(clause);
        if (first_item == nullptr) first_item = last_item;
        ast::Projection projection = ConvertProjection(last_item);  // may add query blocks: push after
        query().projections.push_back(std::move(projection));
        break;
      }
      case P::RuleFromClause:
        if (auto* list = Child<P::TableReferenceListContext>(clause, P::RuleTableReferenceList)) {
          ConvertTableReferences(list, ast::TableRole::From, id);
        }
        break;
      case P::RuleWhereClause: {
        ast::ExprId expr = ConvertExpr(static_cast<P::ExprContext*>(clause->children[1]));  // WHERE expr
        query().where = expr;
        break;
      }
      case P::RuleGroupByClause: {
        auto* group = static_cast<P::GroupByClauseContext*>(clause);
        auto items = ConvertOrderItems(group->orderItem());
        query().group_by = std::move(items);
        query().with_rollup = group->ROLLUP() != nullptr;
        break;
      }
      case P::RuleHavingClause: {
        ast::ExprId expr = ConvertExpr(static_cast<P::HavingClauseContext*>(clause)->expr());
        query().having = expr;
        break;
      }
      case P::RuleWindowClause:
        for (auto* definition : static_cast<P::WindowClauseContext*>(clause)->windowDefinition()) {
          ast::WindowSpec window = ConvertWindowSpec(definition->windowSpec());
          window.name = Ident(definition->identifier());
          window.span = SpanOf(definition);
          st_.windows.push_back(std::move(window));
        }
        break;
      default:
        break;
    }
  }
  query().projections_span = Cover(SpanOf(first_item), SpanOf(last_item));
}

namespace {

ast::AggregationKind AggregationOf(const ast::Expr& expr) {
  using A = ast::AggregationKind;
  if (expr.kind != ast::ExprKind::Function || expr.window) return A::None;
  const std::string& name = expr.op;
  if (name == "COUNT") return A::Count;
  if (name == "SUM") return A::Sum;
  if (name == "AVG") return A::Avg;
  if (name == "MAX") return A::Max;
  if (name == "MIN") return A::Min;
  if (name == "BIT_XOR") return A::BitXor;
  if (name == "GROUP_CONCAT") return A::GroupConcat;
  static const char* const kOthers[] = {"BIT_AND", "BIT_OR", "STD", "STDDEV", "STDDEV_POP", "STDDEV_SAMP",
                                        "VARIANCE", "VAR_POP", "VAR_SAMP", "JSON_ARRAYAGG", "JSON_OBJECTAGG"};
  for (const char* other : kOthers) {
    if (name == other) return A::Other;
  }
  return A::None;
}

}  // namespace

ast::Projection Converter::ConvertProjection(P::SelectItemContext* ctx) {
  ast::Projection projection;
  projection.span = SpanOf(ctx);
  const std::type_info& type = typeid(*ctx);
  if (type == typeid(P::SelectStarContext)) {
    projection.star = true;
  } else if (type == typeid(P::SelectTableStarContext)) {
    projection.star = true;
    auto parts = Children<P::IdentifierContext>(ctx, P::RuleIdentifier);
    projection.star_owner = Ident(parts.back());
  } else {  // selectExpr: expr selectAlias?
    projection.expr = ConvertExpr(static_cast<P::ExprContext*>(ctx->children[0]));
    if (ctx->children.size() > 1) {
      auto* alias = static_cast<P::SelectAliasContext*>(ctx->children[1]);
      auto* name = Child<P::IdentifierContext>(alias, P::RuleIdentifier);
      projection.alias = name ? Ident(name) : Ident(Child<P::TextStringContext>(alias, P::RuleTextString));
    }
    projection.aggregation = AggregationOf(st_.expr(projection.expr));
  }
  return projection;
}

std::vector<ast::Join>& Converter::JoinsOf(QueryId query) {
  return query == ast::kNoQuery ? st_.joins : st_.queries[static_cast<size_t>(query)].joins;
}

void Converter::ConvertTableReferences(P::TableReferenceListContext* ctx, ast::TableRole role, QueryId query) {
  bool first = true;
  for (auto* reference : Children<P::TableReferenceContext>(ctx, P::RuleTableReference)) {
    if (!first) JoinsOf(query).push_back({",", ast::kNoExpr, {}});
    first = false;
    ConvertTableFactor(static_cast<P::TableFactorContext*>(reference->children[0]), role, query);  // tableFactor joinPart*
    if (reference->children.size() == 1) continue;
    for (auto* part : Children<P::JoinPartContext>(reference, P::RuleJoinPart)) ConvertJoinPart(part, role, query);
  }
}

// One join, then the joins nested before its own condition: the joins stay in table order.
void Converter::ConvertJoinPart(P::JoinPartContext* part, ast::TableRole role, QueryId query) {
  ast::Join join;
  if (part->STRAIGHT_JOIN()) join.type = "STRAIGHT_JOIN";
  else if (part->NATURAL()) join.type = part->LEFT() ? "NATURAL LEFT JOIN" : part->RIGHT() ? "NATURAL RIGHT JOIN" : "NATURAL JOIN";
  else if (part->LEFT()) join.type = "LEFT JOIN";
  else if (part->RIGHT()) join.type = "RIGHT JOIN";
  else if (part->CROSS()) join.type = "CROSS JOIN";
  else join.type = "JOIN";
  ConvertTableFactor(part->tableFactor(), role, query);
  size_t slot = JoinsOf(query).size();
  JoinsOf(query).push_back(std::move(join));
  for (auto* nested : Children<P::JoinPartContext>(part, P::RuleJoinPart)) ConvertJoinPart(nested, role, query);
  ast::ExprId on = ast::kNoExpr;
  std::vector<ast::Identifier> using_columns;
  if (auto* condition = part->joinCondition()) {
    if (condition->expr()) on = ConvertExpr(condition->expr());
    if (auto* columns = condition->columnNameList()) using_columns = ColumnNames(columns);
  } else if (part->expr()) {
    on = ConvertExpr(part->expr());
  }
  ast::Join& converted = JoinsOf(query)[slot];
  converted.on = on;
  converted.using_columns = std::move(using_columns);
}

void Converter::ConvertTableFactor(P::TableFactorContext* ctx, ast::TableRole role, QueryId query) {
  if (typeid(*ctx) == typeid(P::SingleTableContext)) {
    int32_t index = AddTable(static_cast<P::TableNameContext*>(ctx->children[0]), role,
                             Child<P::TableAliasContext>(ctx, P::RuleTableAlias));
    auto& table = st_.tables[static_cast<size_t>(index)];
    if (role == ast::TableRole::From) table.query = query;
    if (query != ast::kNoQuery) st_.queries[static_cast<size_t>(query)].from_tables.push_back(index);
  } else if (auto* derived = dynamic_cast<P::DerivedTableContext*>(ctx)) {
    st_.has_subquery = true;
    QueryId sub = ConvertQueryExpression(derived->queryExpression(), query);
    ast::Query& converted = st_.queries[static_cast<size_t>(sub)];
    if (auto* alias = derived->tableAlias()) converted.alias = Ident(alias->identifier());
    if (auto* columns = derived->columnNameList()) converted.column_names = ColumnNames(columns);
    converted.lateral = derived->LATERAL() != nullptr;
    if (query != ast::kNoQuery) st_.queries[static_cast<size_t>(query)].derived_tables.push_back(sub);
  } else if (auto* nested = dynamic_cast<P::NestedTablesContext*>(ctx)) {
    ConvertTableReferences(nested->tableReferenceList(), role, query);
  } else {
    ConvertExpr(static_cast<P::JsonTableContext*>(ctx)->expr());  // JSON_TABLE: rows of a document, no table
  }
}

std::vector<ast::OrderItem> Converter::ConvertOrderItems(const std::vector<P::OrderItemContext*>& items) {
  std::vector<ast::OrderItem> result;
  result.reserve(items.size());
  for (auto* item : items) {
    ast::OrderItem order;
    order.span = SpanOf(item);
    order.expr = ConvertExpr(static_cast<P::ExprContext*>(item->children[0]));  // expr (ASC | DESC)?
    order.explicit_direction = item->children.size() > 1;
    order.descending = order.explicit_direction && item->getStop()->getType() == P::DESC;
    const ast::Expr& expr = st_.expr(order.expr);
    if (expr.kind == ast::ExprKind::Literal && expr.literal.kind() == Value::Kind::Int) {
      order.position = static_cast<int>(expr.literal.int_value());
    }
    result.push_back(std::move(order));
  }
  return result;
}

ast::LimitValue Converter::ConvertLimitValue(P::LimitValueContext* ctx) {
  ast::LimitValue value;
  value.span = SpanOf(ctx);
  antlr4::Token* start = ctx->getStart();
  if (start->getType() == P::INTEGER_NUM) {
    errno = 0;
    long long parsed = std::strtoll(Text(start).c_str(), nullptr, 10);
    value.literal = errno == ERANGE ? INT64_MAX : parsed;
  } else if (start->getType() == P::PARAM) {
    value.param_index = ParamIndex(start);
  }
  return value;
}

ast::Limit Converter::ConvertLimit(P::LimitClauseContext* ctx) {
  ast::Limit limit;
  limit.span = SpanOf(ctx);
  auto values = Children<P::LimitValueContext>(ctx, P::RuleLimitValue);
  if (values.size() == 1) {
    limit.row_count = ConvertLimitValue(values[0]);
  } else if (ChildToken(ctx, P::OFFSET)) {
    limit.row_count = ConvertLimitValue(values[0]);
    limit.offset = ConvertLimitValue(values[1]);
  } else {
    limit.offset = ConvertLimitValue(values[0]);
    limit.row_count = ConvertLimitValue(values[1]);
  }
  return limit;
}

void Converter::ConvertLocking(const std::vector<P::LockingClauseContext*>& clauses, QueryId id) {
  if (clauses.empty()) return;
  auto& query = st_.queries[static_cast<size_t>(id)];
  auto* first = clauses.front();
  query.lock = first->LOCK() ? ast::LockKind::LockInShareMode
               : first->UPDATE() ? ast::LockKind::ForUpdate : ast::LockKind::ForShare;
  query.lock_span = Cover(SpanOf(first), SpanOf(clauses.back()));
}

}  // namespace sqlroute::parser
