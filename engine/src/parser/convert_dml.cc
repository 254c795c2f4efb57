// SELECT, INSERT/REPLACE, UPDATE, DELETE and LOAD DATA statements.
#include "parser/converter.h"

namespace sqlroute::parser {

using K = ast::StatementKind;

void Converter::ConvertSelect(P::SelectStatementContext* ctx) {
  auto* expression = static_cast<P::QueryExpressionContext*>(ctx->children[0]);  // queryExpression (intoClause lockingClause*)?
  auto terms = Children<P::QueryTermContext>(expression, P::RuleQueryTerm);
  st_.kind = K::Select;
  if (terms.size() == 1 && !ChildRule(expression, P::RuleWithClause)) {
    size_t start = terms[0]->getStart()->getType();  // queryTerm: TABLE ... | VALUES ... | SELECT ... | ( ... )
    if (start == P::TABLE) st_.kind = K::Table;
    if (start == P::VALUES) st_.kind = K::Values;
  }
  st_.main_query = ConvertQueryExpression(expression, ast::kNoQuery);
  if (ctx->children.size() > 1) ConvertLocking(Children<P::LockingClauseContext>(ctx, P::RuleLockingClause), st_.main_query);
}

// insertValue: literal | PARAM | expr
ast::ExprId Converter::ConvertInsertValue(P::InsertValueContext* ctx) {
  auto* value = ctx->children[0];
  if (typeid(*value) != typeid(antlr4::tree::TerminalNodeImpl)) {
    auto* rule = static_cast<antlr4::ParserRuleContext*>(value);
    if (rule->getRuleIndex() == P::RuleExpr) return ConvertExpr(static_cast<P::ExprContext*>(rule));
    return ConvertLiteral(static_cast<P::LiteralContext*>(rule));
  }
  ast::Expr param;
  param.kind = ast::ExprKind::Param;
  param.span = SpanOf(ctx);
  param.param_index = ParamIndex(ctx->getStart());
  return AddExpr(std::move(param));
}

void Converter::ConvertInsert(P::InsertStatementContext* ctx) {
  st_.kind = ctx->getStart()->getType() == P::REPLACE ? K::Replace : K::Insert;
  auto& insert = st_.insert;
  for (auto* option : Children<P::InsertOptionContext>(ctx, P::RuleInsertOption)) {
    insert.ignore = insert.ignore || option->getStart()->getType() == P::IGNORE;
  }
  insert.table = AddTable(Child<P::TableNameContext>(ctx, P::RuleTableName), ast::TableRole::InsertTarget);
  if (auto* columns = Child<P::ColumnNameListContext>(ctx, P::RuleColumnNameList)) {
    insert.columns_span = SpanOf(columns);
    for (auto* column : Children<P::ColumnRefContext>(columns, P::RuleColumnRef)) insert.columns.push_back(Column(column).name);
  }
  if (auto* values = Child<P::ValuesClauseContext>(ctx, P::RuleValuesClause)) {
    auto rows = Children<P::InsertRowContext>(values, P::RuleInsertRow);
    for (auto* row : rows) {
      ast::InsertRow converted;
      converted.span = SpanOf(row);
      for (auto* value : Children<P::InsertValueContext>(row, P::RuleInsertValue)) {
        converted.values.push_back(ConvertInsertValue(value));
      }
      uint32_t end = converted.span.end;
      insert.rows.push_back(std::move(converted));
      ExpandRows(end, insert.rows);
    }
    insert.values_span = Cover(insert.rows.front().span, insert.rows.back().span);
  } else if (auto* assignments = Child<P::AssignmentListContext>(ctx, P::RuleAssignmentList)) {
    insert.set_form = true;
    insert.set_assignments = ConvertAssignments(assignments);
  } else if (auto* query = Child<P::QueryExpressionContext>(ctx, P::RuleQueryExpression)) {
    insert.select = ConvertQueryExpression(query, ast::kNoQuery);
  }
  if (auto* duplicate = Child<P::OnDuplicateKeyUpdateContext>(ctx, P::RuleOnDuplicateKeyUpdate)) {
    insert.on_duplicate = ConvertAssignments(Child<P::AssignmentListContext>(duplicate, P::RuleAssignmentList));
    insert.on_duplicate_span = SpanOf(duplicate);
  }
  if (auto* returning = Child<P::ReturningClauseContext>(ctx, P::RuleReturningClause)) ConvertReturning(returning);
}

// MariaDB's RETURNING: projections of the rows the statement wrote, at the statement level.
void Converter::ConvertReturning(P::ReturningClauseContext* ctx) {
  for (auto* item : Children<P::SelectItemContext>(ctx, P::RuleSelectItem)) {
    ast::Projection projection = ConvertProjection(item);
    st_.returning.push_back(std::move(projection));
  }
  st_.returning_span = Cover(st_.returning.front().span, st_.returning.back().span);
}

void Converter::ConvertUpdate(P::UpdateStatementContext* ctx) {
  st_.kind = K::Update;
  if (auto* with = Child<P::WithClauseContext>(ctx, P::RuleWithClause)) ConvertWith(with, ast::kNoQuery, SpanOf(ctx));
  ConvertTableReferences(Child<P::TableReferenceListContext>(ctx, P::RuleTableReferenceList), ast::TableRole::UpdateTarget,
                         ast::kNoQuery);
  st_.update_set = ConvertAssignments(Child<P::AssignmentListContext>(ctx, P::RuleAssignmentList));
  ConvertDmlTail(ctx);
}

void Converter::ConvertDelete(P::DeleteStatementContext* ctx) {
  st_.kind = K::Delete;
  if (auto* with = Child<P::WithClauseContext>(ctx, P::RuleWithClause)) ConvertWith(with, ast::kNoQuery, SpanOf(ctx));
  for (auto* target : Children<P::DeleteTargetContext>(ctx, P::RuleDeleteTarget)) {
    AddTable(static_cast<P::TableNameContext*>(target->children[0]), ast::TableRole::DeleteTarget);
  }
  if (auto* name = Child<P::TableNameContext>(ctx, P::RuleTableName)) {
    AddTable(name, ast::TableRole::DeleteTarget, Child<P::TableAliasContext>(ctx, P::RuleTableAlias));
  }
  if (auto* references = Child<P::TableReferenceListContext>(ctx, P::RuleTableReferenceList)) {
    ConvertTableReferences(references, ast::TableRole::From, ast::kNoQuery);
  }
  ConvertDmlTail(ctx);
}

// WHERE, ORDER BY and LIMIT of UPDATE and DELETE, and DELETE's RETURNING.
void Converter::ConvertDmlTail(antlr4::ParserRuleContext* ctx) {
  for (auto* child : ctx->children) {
    if (typeid(*child) == typeid(antlr4::tree::TerminalNodeImpl)) continue;
    auto* clause = static_cast<antlr4::ParserRuleContext*>(child);
    switch (clause->getRuleIndex()) {
      case P::RuleWhereClause: st_.where = ConvertExpr(static_cast<P::ExprContext*>(clause->children[1])); break;
      case P::RuleOrderByClause: st_.order_by = ConvertOrderItems(Children<P::OrderItemContext>(clause, P::RuleOrderItem)); break;
      case P::RuleLimitClause: st_.limit = ConvertLimit(static_cast<P::LimitClauseContext*>(clause)); break;
      case P::RuleReturningClause: ConvertReturning(static_cast<P::ReturningClauseContext*>(clause)); break;
      default: break;
    }
  }
}

void Converter::ConvertLoadData(P::LoadDataStatementContext* ctx) {
  st_.kind = K::LoadData;
  st_.insert.table = AddTable(ctx->tableName(), ast::TableRole::InsertTarget);
  for (auto* target : ctx->loadTarget()) {
    if (auto* column = target->columnRef()) st_.insert.columns.push_back(Column(column).name);
  }
  if (auto* assignments = ctx->assignmentList()) st_.insert.set_assignments = ConvertAssignments(assignments);
}

}  // namespace sqlroute::parser
