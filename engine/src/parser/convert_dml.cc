// SELECT, INSERT/REPLACE, UPDATE, DELETE and LOAD DATA statements.
#include "parser/converter.h"

namespace sqlroute::parser {

using K = ast::StatementKind;

void Converter::ConvertSelect(P::SelectStatementContext* ctx) {
  auto* expression = ctx->queryExpression();
  auto terms = expression->queryTerm();
  st_.kind = K::Select;
  if (terms.size() == 1 && expression->withClause() == nullptr) {
    if (terms[0]->explicitTable()) st_.kind = K::Table;
    if (terms[0]->tableValueConstructor()) st_.kind = K::Values;
  }
  st_.main_query = ConvertQueryExpression(expression, ast::kNoQuery);
  ConvertLocking(ctx->lockingClause(), st_.main_query);
}

ast::ExprId Converter::ConvertInsertValue(P::InsertValueContext* ctx) {
  if (auto* expr = ctx->expr()) return ConvertExpr(expr);
  if (auto* literal = ctx->literal()) return ConvertLiteral(literal);
  ast::Expr param;
  param.kind = ast::ExprKind::Param;
  param.span = SpanOf(ctx);
  param.param_index = ParamIndex(ctx->getStart());
  return AddExpr(std::move(param));
}

void Converter::ConvertInsert(P::InsertStatementContext* ctx) {
  st_.kind = ctx->REPLACE() ? K::Replace : K::Insert;
  auto& insert = st_.insert;
  for (auto* option : ctx->insertOption()) insert.ignore = insert.ignore || option->IGNORE() != nullptr;
  insert.table = AddTable(ctx->tableName(), ast::TableRole::InsertTarget);
  if (auto* columns = ctx->columnNameList()) {
    insert.columns_span = SpanOf(columns);
    for (auto* column : columns->columnRef()) insert.columns.push_back(Column(column).name);
  }
  if (auto* values = ctx->valuesClause()) {
    auto rows = values->insertRow();
    for (auto* row : rows) {
      ast::InsertRow converted;
      converted.span = SpanOf(row);
      for (auto* value : row->insertValue()) converted.values.push_back(ConvertInsertValue(value));
      uint32_t end = converted.span.end;
      insert.rows.push_back(std::move(converted));
      ExpandRows(end, insert.rows);
    }
    insert.values_span = Cover(insert.rows.front().span, insert.rows.back().span);
  } else if (auto* assignments = ctx->assignmentList()) {
    insert.set_form = true;
    insert.set_assignments = ConvertAssignments(assignments);
  } else if (auto* query = ctx->queryExpression()) {
    insert.select = ConvertQueryExpression(query, ast::kNoQuery);
  }
  if (auto* duplicate = ctx->onDuplicateKeyUpdate()) {
    insert.on_duplicate = ConvertAssignments(duplicate->assignmentList());
    insert.on_duplicate_span = SpanOf(duplicate);
  }
}

void Converter::ConvertUpdate(P::UpdateStatementContext* ctx) {
  st_.kind = K::Update;
  if (auto* with = ctx->withClause()) ConvertWith(with, ast::kNoQuery);
  ConvertTableReferences(ctx->tableReferenceList(), ast::TableRole::UpdateTarget, ast::kNoQuery);
  st_.update_set = ConvertAssignments(ctx->assignmentList());
  if (auto* where = ctx->whereClause()) st_.where = ConvertExpr(where->expr());
  if (auto* order = ctx->orderByClause()) st_.order_by = ConvertOrderItems(order->orderItem());
  if (auto* limit = ctx->limitClause()) st_.limit = ConvertLimit(limit);
}

void Converter::ConvertDelete(P::DeleteStatementContext* ctx) {
  st_.kind = K::Delete;
  if (auto* with = ctx->withClause()) ConvertWith(with, ast::kNoQuery);
  for (auto* target : ctx->deleteTarget()) AddTable(target->tableName(), ast::TableRole::DeleteTarget);
  if (auto* name = ctx->tableName()) AddTable(name, ast::TableRole::DeleteTarget, ctx->tableAlias());
  if (auto* references = ctx->tableReferenceList()) {
    ConvertTableReferences(references, ast::TableRole::From, ast::kNoQuery);
  }
  if (auto* where = ctx->whereClause()) st_.where = ConvertExpr(where->expr());
  if (auto* order = ctx->orderByClause()) st_.order_by = ConvertOrderItems(order->orderItem());
  if (auto* limit = ctx->limitClause()) st_.limit = ConvertLimit(limit);
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
