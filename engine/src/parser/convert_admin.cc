// Transaction control, administration (SET, SHOW, USE, EXPLAIN, ...) and access control.
#include <cctype>

#include "parser/converter.h"

namespace sqlroute::parser {

using K = ast::StatementKind;
using ast::TableRole;

namespace {

bool NamesAutocommit(std::string text) {
  for (char& c : text) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return text == "autocommit" || text == "@@autocommit" || text == "@@session.autocommit" ||
         text == "@@local.autocommit";
}

}  // namespace

void Converter::ConvertSet(P::SetStatementContext* ctx) {
  auto items = ctx->setItem();
  st_.kind = K::Set;
  for (auto* item : items) {
    if (auto* value = item->setValue()) {
      if (value->expr()) ConvertExpr(value->expr());
    } else if (item->expr()) {
      ConvertExpr(item->expr());
    }
  }
  if (items.size() != 1) return;
  auto* item = items[0];
  bool session_scope = item->variableScope() == nullptr || item->variableScope()->SESSION() || item->variableScope()->LOCAL();
  if ((item->qualifiedName() && session_scope && NamesAutocommit(Text(item->qualifiedName()))) ||
      (item->SYSTEM_VAR() && NamesAutocommit(Text(item->SYSTEM_VAR())))) {
    st_.kind = K::SetAutocommit;
  }
}

void Converter::ConvertShow(P::ShowStatementContext* ctx) {
  st_.kind = K::Show;
  for (auto* child : ctx->children) {
    if (auto* table = dynamic_cast<P::TableNameContext*>(child)) AddTable(table, TableRole::Other);
    if (auto* schema = dynamic_cast<P::FromSchemaContext*>(child)) {
      AddSchema(schema->identifier());
      st_.schema_clause = SpanOf(schema);
    }
    if (auto* where = dynamic_cast<P::WhereClauseContext*>(child)) ConvertExpr(where->expr());
    if (auto* filter = dynamic_cast<P::ShowFilterContext*>(child)) {
      if (filter->whereClause()) ConvertExpr(filter->whereClause()->expr());
    }
  }
  if (auto* database = dynamic_cast<P::ShowCreateDatabaseContext*>(ctx)) AddSchema(database->identifier());
}

void Converter::ConvertExplain(P::ExplainStatementContext* ctx) {
  if (auto* c = ctx->selectStatement()) ConvertSelect(c);
  if (auto* c = ctx->insertStatement()) ConvertInsert(c);
  if (auto* c = ctx->updateStatement()) ConvertUpdate(c);
  if (auto* c = ctx->deleteStatement()) ConvertDelete(c);
  st_.kind = K::Explain;
}

void Converter::ConvertGrantObject(P::GrantObjectContext* ctx) {
  if (ctx == nullptr) return;
  auto* level = ctx->privilegeLevel();
  if (auto* schema = dynamic_cast<P::SchemaObjectsContext*>(level)) AddSchema(schema->identifier());
  if (auto* table = dynamic_cast<P::TableObjectContext*>(level)) AddTable(table->tableName(), TableRole::Other);
}

bool Converter::ConvertAdmin(P::StatementContext* ctx) {
  if (ctx->beginStatement()) {
    st_.kind = K::Begin;
  } else if (ctx->commitStatement()) {
    st_.kind = K::Commit;
  } else if (ctx->rollbackStatement()) {
    st_.kind = K::Rollback;
  } else if (ctx->savepointStatement()) {
    st_.kind = K::Savepoint;
  } else if (ctx->releaseSavepoint()) {
    st_.kind = K::ReleaseSavepoint;
  } else if (ctx->xaStatement()) {
    st_.kind = K::Xa;
  } else if (auto* c = ctx->lockTables()) {
    st_.kind = K::LockTables;
    for (auto* item : c->lockItem()) AddTable(item->tableName(), TableRole::Other, item->tableAlias());
  } else if (ctx->unlockTables()) {
    st_.kind = K::UnlockTables;
  } else if (ctx->setTransaction()) {
    st_.kind = K::SetTransaction;
  } else if (ctx->setPassword()) {
    st_.kind = K::SetPassword;
  } else if (ctx->setRole()) {
    st_.kind = K::SetRole;
  } else if (ctx->setResourceGroup()) {
    st_.kind = K::SetResourceGroup;
  } else if (auto* c = ctx->setStatement()) {
    ConvertSet(c);
  } else if (auto* c = ctx->showStatement()) {
    ConvertShow(c);
  } else if (auto* c = ctx->useStatement()) {
    st_.kind = K::Use;
    AddSchema(c->identifier());
  } else if (auto* c = ctx->describeStatement()) {
    st_.kind = K::Describe;
    AddTable(c->tableName(), TableRole::Other);
  } else if (auto* c = ctx->explainStatement()) {
    ConvertExplain(c);
  } else if (auto* c = ctx->tableMaintenance()) {
    st_.kind = c->ANALYZE() ? K::Analyze : c->OPTIMIZE() ? K::Optimize : c->REPAIR() ? K::Repair : K::Check;
    AddTables(c->tableName(), TableRole::Other);
  } else if (auto* c = ctx->killStatement()) {
    st_.kind = K::Kill;
    ConvertExpr(c->expr());
  } else if (auto* c = ctx->flushStatement()) {
    st_.kind = K::Flush;
    AddTables(c->tableName(), TableRole::Other);
  } else if (ctx->resetStatement()) {
    st_.kind = K::Reset;
  } else if (ctx->createResourceGroup()) {
    st_.kind = K::CreateResourceGroup;
  } else if (ctx->helpStatement()) {
    st_.kind = K::Help;
  } else if (auto* c = ctx->grantStatement()) {
    st_.kind = K::Grant;
    ConvertGrantObject(c->grantObject());
  } else if (auto* c = ctx->revokeStatement()) {
    st_.kind = K::Revoke;
    ConvertGrantObject(c->grantObject());
  } else if (ctx->createUser()) {
    st_.kind = K::CreateUser;
  } else if (ctx->dropUser()) {
    st_.kind = K::DropUser;
  } else if (ctx->alterUser()) {
    st_.kind = K::AlterUser;
  } else if (ctx->renameUser()) {
    st_.kind = K::RenameUser;
  } else if (ctx->createRole()) {
    st_.kind = K::CreateRole;
  } else if (ctx->dropRole()) {
    st_.kind = K::DropRole;
  } else {
    return false;
  }
  return true;
}

}  // namespace sqlroute::parser
