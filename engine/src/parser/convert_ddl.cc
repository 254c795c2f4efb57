// DDL statements: tables, indexes, views, databases and stored-program headers.
#include "parser/converter.h"

namespace sqlroute::parser {

using K = ast::StatementKind;
using ast::TableRole;

void Converter::AddIndexName(P::IdentifierContext* ctx) {
  if (ctx != nullptr) st_.index_names.push_back(Ident(ctx));
}

void Converter::ConvertConstraintName(P::ConstraintNameContext* ctx) {
  if (ctx != nullptr && ctx->identifier() != nullptr) st_.constraint_names.push_back(Ident(ctx->identifier()));
}

void Converter::AddIndexColumns(P::KeyPartListContext* ctx) {
  if (ctx == nullptr) return;
  for (auto* part : ctx->keyPart()) {
    if (auto* name = part->identifier()) st_.index_columns.push_back(Ident(name));
  }
}

void Converter::ConvertTableConstraint(P::TableConstraintContext* ctx) {
  ConvertConstraintName(ctx->constraintName());
  AddIndexName(ctx->identifier());
  AddIndexColumns(ctx->keyPartList());
  if (auto* reference = ctx->referenceDefinition()) AddTable(reference->tableName(), TableRole::DdlReference);
  if (auto* check = ctx->expr()) ConvertExpr(check);
}

ast::ColumnDefinition Converter::ConvertColumnDefinition(P::ColumnDefinitionContext* ctx) {
  st_.column_definitions.push_back(Ident(ctx->identifier()));
  for (auto* attribute : ctx->columnAttribute()) {
    ConvertConstraintName(attribute->constraintName());
    if (auto* reference = attribute->referenceDefinition()) AddTable(reference->tableName(), TableRole::DdlReference);
  }
  return {Ident(ctx->identifier()), SpanOf(ctx)};
}

// The column side of one ALTER TABLE item: DDL naming encrypted columns, which ShardingSphere's
// EncryptAlterTableTokenGenerator rewrites.
ast::AlterItem Converter::ConvertAlterItem(P::AlterItemContext* item) {
  ast::AlterItem result;
  result.span = SpanOf(item);
  auto names = item->identifier();
  for (auto* column : item->columnDefinition()) result.definitions.push_back(ConvertColumnDefinition(column));
  if (auto* position = item->columnPosition()) {
    if (position->identifier() != nullptr) result.after = Ident(position->identifier());
  }
  bool on_object = item->INDEX() != nullptr || item->KEY() != nullptr || item->PRIMARY() != nullptr ||
                   item->FOREIGN() != nullptr || item->CHECK() != nullptr || item->CONSTRAINT() != nullptr ||
                   item->PARTITION() != nullptr;
  size_t first = item->getStart()->getType();
  if (first == P::ADD && !result.definitions.empty()) {
    result.action = ast::AlterAction::AddColumns;
  } else if (first == P::MODIFY) {
    result.action = ast::AlterAction::ModifyColumn;
  } else if (first == P::CHANGE && !names.empty()) {
    result.action = ast::AlterAction::ChangeColumn;
    result.column = Ident(names.front());
  } else if (first == P::DROP && !on_object && names.size() == 1) {
    result.action = ast::AlterAction::DropColumn;
    result.column = Ident(names.front());
  } else if (first == P::ALTER && !on_object && names.size() == 1) {
    result.action = ast::AlterAction::AlterColumn;
    result.column = Ident(names.front());
  } else if (first == P::RENAME && item->COLUMN() != nullptr && names.size() == 2) {
    result.action = ast::AlterAction::RenameColumn;
    result.column = Ident(names.front());
    result.new_name = Ident(names.back());
  }
  return result;
}

void Converter::ConvertCreateTable(P::CreateTableContext* ctx) {
  st_.kind = K::CreateTable;
  st_.if_exists = ctx->ifNotExists() != nullptr || ctx->orReplace() != nullptr;
  auto names = ctx->tableName();
  AddTable(names[0], TableRole::Ddl);
  if (names.size() == 2) AddTable(names[1], TableRole::DdlReference);
  for (auto* element : ctx->tableElement()) {
    st_.table_elements.push_back(SpanOf(element));
    if (auto* column = element->columnDefinition()) st_.table_columns.push_back(ConvertColumnDefinition(column));
    if (auto* constraint = element->tableConstraint()) ConvertTableConstraint(constraint);
  }
  if (auto* query = ctx->queryExpression()) ConvertQueryExpression(query, ast::kNoQuery);
}

void Converter::ConvertAlterTable(P::AlterTableContext* ctx) {
  st_.kind = K::AlterTable;
  st_.if_exists = ctx->ifExists() != nullptr;
  AddTable(ctx->tableName(), TableRole::Ddl);
  for (auto* item : ctx->alterItem()) {
    if (auto* constraint = item->tableConstraint()) ConvertTableConstraint(constraint);
    ast::AlterItem converted = ConvertAlterItem(item);
    if (converted.action != ast::AlterAction::Other) st_.alter_items.push_back(std::move(converted));
    size_t first = item->getStart()->getType();
    if (auto* target = item->tableName()) {
      int32_t index = AddTable(target, TableRole::DdlReference);
      if (first == P::RENAME) st_.rename_target = index;
    }
    auto names = item->identifier();
    bool on_index = (item->INDEX() != nullptr || item->KEY() != nullptr) && item->FOREIGN() == nullptr;
    bool on_constraint = item->FOREIGN() != nullptr || item->CHECK() != nullptr || item->CONSTRAINT() != nullptr;
    bool names_object = first == P::DROP || first == P::ALTER || first == P::RENAME;
    if (!names_object || names.empty() || item->tableConstraint() != nullptr) continue;
    for (auto* name : names) {
      if (on_index && item->PRIMARY() == nullptr) AddIndexName(name);
      if (on_constraint) st_.constraint_names.push_back(Ident(name));
    }
  }
}

// MariaDB's CREATE / ALTER / DROP SEQUENCE: a sequence is a table of the database.
void Converter::ConvertSequence(P::SequenceStatementContext* ctx) {
  if (auto* create = dynamic_cast<P::CreateSequenceContext*>(ctx)) {
    st_.kind = K::CreateSequence;
    st_.if_exists = create->ifNotExists() != nullptr;
    AddTable(create->tableName(), TableRole::Ddl);
  } else if (auto* alter = dynamic_cast<P::AlterSequenceContext*>(ctx)) {
    st_.kind = K::AlterSequence;
    st_.if_exists = alter->ifExists() != nullptr;
    AddTable(alter->tableName(), TableRole::Ddl);
  } else {
    auto* drop = static_cast<P::DropSequenceContext*>(ctx);
    st_.kind = K::DropSequence;
    st_.if_exists = drop->ifExists() != nullptr;
    AddTables(drop->tableName(), TableRole::Ddl);
  }
}

bool Converter::ConvertDdl(P::StatementContext* ctx) {
  if (auto* c = ctx->createTable()) {
    ConvertCreateTable(c);
  } else if (auto* c = ctx->alterTable()) {
    ConvertAlterTable(c);
  } else if (auto* c = ctx->dropTable()) {
    st_.kind = K::DropTable;
    st_.if_exists = c->ifExists() != nullptr;
    st_.cascade = c->CASCADE() != nullptr;
    AddTables(c->tableName(), TableRole::Ddl);
  } else if (auto* c = ctx->truncateTable()) {
    st_.kind = K::TruncateTable;
    AddTable(c->tableName(), TableRole::Ddl);
  } else if (auto* c = ctx->renameTable()) {
    st_.kind = K::RenameTable;
    st_.if_exists = c->ifExists() != nullptr;
    for (auto* pair : c->renamePair()) {
      AddTable(pair->tableName(0), TableRole::Ddl);
      AddTable(pair->tableName(1), TableRole::DdlReference);
    }
  } else if (auto* c = ctx->createIndex()) {
    st_.kind = K::CreateIndex;
    st_.if_exists = c->ifNotExists() != nullptr || c->orReplace() != nullptr;
    AddIndexName(c->identifier());
    AddTable(c->tableName(), TableRole::Ddl);
    AddIndexColumns(c->keyPartList());
  } else if (auto* c = ctx->dropIndex()) {
    st_.kind = K::DropIndex;
    st_.if_exists = c->ifExists() != nullptr;
    if (auto* name = c->indexName()->identifier()) {
      AddIndexName(name);
    } else {
      st_.index_names.push_back({Text(c->indexName()), SpanOf(c->indexName()), false});
    }
    AddTable(c->tableName(), TableRole::Ddl);
  } else if (auto* c = ctx->createView()) {
    st_.kind = K::CreateView;
    st_.if_exists = c->ifNotExists() != nullptr;
    AddTable(c->tableName(), TableRole::Ddl);
    ConvertQueryExpression(c->queryExpression(), ast::kNoQuery);
  } else if (auto* c = ctx->alterView()) {
    st_.kind = K::AlterView;
    AddTable(c->tableName(), TableRole::Ddl);
    ConvertQueryExpression(c->queryExpression(), ast::kNoQuery);
  } else if (auto* c = ctx->dropView()) {
    st_.kind = K::DropView;
    st_.if_exists = c->ifExists() != nullptr;
    AddTables(c->tableName(), TableRole::Ddl);
  } else if (auto* c = ctx->createDatabase()) {
    st_.kind = K::CreateDatabase;
    st_.if_exists = c->ifNotExists() != nullptr;
    AddSchema(c->identifier());
  } else if (auto* c = ctx->alterDatabase()) {
    st_.kind = K::AlterDatabase;
    AddSchema(c->identifier());
  } else if (auto* c = ctx->dropDatabase()) {
    st_.kind = K::DropDatabase;
    st_.if_exists = c->ifExists() != nullptr;
    AddSchema(c->identifier());
  } else if (auto* c = ctx->createTrigger()) {
    st_.kind = K::CreateTrigger;
    st_.if_exists = c->ifNotExists() != nullptr;
    AddTable(c->tableName(), TableRole::Ddl);
  } else if (auto* c = ctx->dropTrigger()) {
    st_.kind = K::DropTrigger;
    st_.if_exists = c->ifExists() != nullptr;
  } else if (auto* c = ctx->createRoutine()) {
    st_.kind = c->PROCEDURE() ? K::CreateProcedure : K::CreateFunction;
    st_.if_exists = c->ifNotExists() != nullptr;
  } else if (auto* c = ctx->alterRoutine()) {
    st_.kind = c->PROCEDURE() ? K::AlterProcedure : K::AlterFunction;
  } else if (auto* c = ctx->dropRoutine()) {
    st_.kind = c->PROCEDURE() ? K::DropProcedure : K::DropFunction;
    st_.if_exists = c->ifExists() != nullptr;
  } else if (auto* c = ctx->createEvent()) {
    st_.kind = K::CreateEvent;
    st_.if_exists = c->ifNotExists() != nullptr;
  } else if (ctx->alterEvent()) {
    st_.kind = K::AlterEvent;
  } else if (auto* c = ctx->dropEvent()) {
    st_.kind = K::DropEvent;
    st_.if_exists = c->ifExists() != nullptr;
  } else if (auto* c = ctx->tablespaceStatement()) {
    st_.kind = c->CREATE() ? K::CreateTablespace : c->ALTER() ? K::AlterTablespace : K::DropTablespace;
  } else if (auto* c = ctx->sequenceStatement()) {
    ConvertSequence(c);
  } else {
    return false;
  }
  return true;
}

}  // namespace sqlroute::parser
