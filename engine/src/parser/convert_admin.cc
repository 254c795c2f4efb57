// Transaction control, administration (SET, SHOW, USE, EXPLAIN, ...) and access control.
#include <cctype>

#include "parser/converter.h"
#include "parser/literal_text.h"

namespace sqlroute::parser {

using K = ast::StatementKind;
using ast::TableRole;

namespace {

bool NamesAutocommit(std::string text) {
  for (char& c : text) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return text == "autocommit" || text == "@@autocommit" || text == "@@session.autocommit" ||
         text == "@@local.autocommit";
}

std::string Lower(std::string text) {
  for (char& c : text) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return text;
}

ast::VariableScope ScopeNamed(const std::string& lower) {
  using S = ast::VariableScope;
  if (lower == "global") return S::Global;
  if (lower == "session") return S::Session;
  if (lower == "local") return S::Local;
  if (lower == "persist") return S::Persist;
  if (lower == "persist_only") return S::PersistOnly;
  return S::None;
}

// @@[scope.]name -> scope and name.
void ReadSystemVariable(std::string_view text, ast::VariableAssignment& out) {
  text.remove_prefix(2);
  if (!text.empty() && text.front() == '`') {
    out.name = Lower(DecodeIdentifier(text));
    return;
  }
  std::string lower = Lower(std::string(text));
  std::size_t dot = lower.find('.');
  out.scope = dot == std::string::npos ? ast::VariableScope::None : ScopeNamed(lower.substr(0, dot));
  out.name = out.scope == ast::VariableScope::None ? lower : lower.substr(dot + 1);
}

// @name, @'name', @"name", @`name` -> name.
std::string UserVariableName(std::string_view text) {
  text.remove_prefix(1);
  if (text.empty()) return {};
  if (text.front() == '`') return DecodeIdentifier(text);
  if (text.front() == '\'' || text.front() == '"') return DecodeQuoted(text);
  return std::string(text);
}

}  // namespace

ast::VariableAssignment Converter::ConvertSetItem(P::SetItemContext* item) {
  ast::VariableAssignment assignment;
  assignment.span = SpanOf(item);
  if (auto* scope = item->variableScope()) assignment.scope = ScopeNamed(Lower(Text(scope)));
  if (auto* name = item->qualifiedName()) {
    assignment.name = Lower(Text(name));
    assignment.name_span = SpanOf(name);
  } else if (auto* user = item->USER_VAR()) {
    assignment.scope = ast::VariableScope::User;
    assignment.name = UserVariableName(Text(user));
    assignment.name_span = SpanOf(user);
  } else if (auto* system = item->SYSTEM_VAR()) {
    ReadSystemVariable(Text(system), assignment);
    assignment.name_span = SpanOf(system);
  } else {
    auto* keyword = static_cast<antlr4::tree::TerminalNode*>(item->children[0]);  // NAMES, CHARACTER or CHARSET
    assignment.name = item->NAMES() ? "NAMES" : "CHARACTER SET";
    assignment.name_span = item->SET() ? Cover(SpanOf(keyword), SpanOf(item->SET())) : SpanOf(keyword);
    antlr4::tree::ParseTree* value = item->children[item->SET() ? 2 : 1];
    auto* rule = dynamic_cast<antlr4::ParserRuleContext*>(value);
    ast::Span first = rule ? SpanOf(rule) : SpanOf(static_cast<antlr4::tree::TerminalNode*>(value));
    assignment.value_span = {first.begin, assignment.span.end};
  }
  if (auto* value = item->setValue()) {
    assignment.value_span = SpanOf(value);
    if (value->expr()) assignment.value = ConvertExpr(value->expr());
  } else if (auto* expr = item->expr()) {
    assignment.value_span = SpanOf(expr);
    assignment.value = ConvertExpr(expr);
  }
  return assignment;
}

void Converter::ConvertSet(P::SetStatementContext* ctx) {
  auto items = ctx->setItem();
  st_.kind = K::Set;
  for (auto* item : items) st_.set_variables.push_back(ConvertSetItem(item));
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
  } else if (ctx->alterResourceGroup()) {
    st_.kind = K::AlterResourceGroup;
  } else if (ctx->dropResourceGroup()) {
    st_.kind = K::DropResourceGroup;
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
