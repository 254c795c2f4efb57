// Prepared statements (PREPARE, EXECUTE, DEALLOCATE PREPARE), HANDLER, SIGNAL / RESIGNAL and
// GET DIAGNOSTICS, MariaDB's compound statements: their kind, HANDLER's table and the expressions
// they hold.
#include "parser/converter.h"

namespace sqlroute::parser {

using K = ast::StatementKind;

void Converter::ConvertHandler(P::HandlerStatementContext* ctx) {
  st_.kind = ctx->OPEN() ? K::HandlerOpen : ctx->CLOSE() ? K::HandlerClose : K::HandlerRead;
  AddTable(ctx->tableName(), ast::TableRole::Other, ctx->tableAlias());
  if (auto* position = ctx->handlerPosition()) ConvertExprs(position->expr());
  if (auto* where = ctx->whereClause()) st_.where = ConvertExpr(where->expr());
  if (auto* limit = ctx->limitClause()) st_.limit = ConvertLimit(limit);
}

void Converter::ConvertSignalSet(P::SignalSetContext* ctx) {
  if (ctx == nullptr) return;
  for (auto* item : ctx->signalItem()) ConvertExpr(item->expr());
}

bool Converter::ConvertProcedural(P::StatementContext* ctx) {
  if (ctx->prepareStatement()) {
    st_.kind = K::Prepare;
  } else if (ctx->executeStatement()) {
    st_.kind = K::Execute;
  } else if (ctx->deallocatePrepare()) {
    st_.kind = K::DeallocatePrepare;
  } else if (auto* c = ctx->handlerStatement()) {
    ConvertHandler(c);
  } else if (auto* c = ctx->signalStatement()) {
    st_.kind = K::Signal;
    ConvertSignalSet(c->signalSet());
  } else if (auto* c = ctx->resignalStatement()) {
    st_.kind = K::Resignal;
    ConvertSignalSet(c->signalSet());
  } else if (auto* c = ctx->getDiagnostics()) {
    st_.kind = K::GetDiagnostics;
    if (auto* number = c->expr()) ConvertExpr(number);
  } else if (ctx->compoundStatement()) {
    st_.kind = K::Compound;
  } else {
    return false;
  }
  return true;
}

}  // namespace sqlroute::parser
