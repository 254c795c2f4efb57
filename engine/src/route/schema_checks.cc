#include "route/schema_checks.h"

#include <algorithm>

#include "common/strings.h"
#include "sqlroute/error_text.h"

namespace sqlroute::route {
namespace {

using ast::StatementKind;

// A table of the logical database's schema (ShardingSphereSchema.containsTable: by name, any case).
// A table qualified by another database is not checked.
bool Checked(const RouteInput& input, const ast::TableRef& ref) {
  return ref.role == ast::TableRole::Ddl &&
         (!ref.schema || EqualsIgnoreCase(ref.schema->name, input.rules.config.database_name));
}

bool HasIndex(const config::TableMetadataConfig& table, const std::string& index) {
  return std::any_of(table.indexes.begin(), table.indexes.end(),
                     [&](const config::IndexMetadataConfig& each) { return EqualsIgnoreCase(each.name, index); });
}

// ShardingSupportedCheckUtils.isSchemaContainsIndex: any table of the schema has it.
bool SchemaHasIndex(const rules::CompiledRules& rules, const std::string& index) {
  return std::any_of(rules.table_metadata.begin(), rules.table_metadata.end(),
                     [&](const auto& each) { return HasIndex(each.second, index); });
}

// ShardingSupportedCommonChecker.checkTableExist.
void CheckTablesExist(const RouteInput& input) {
  for (const auto& ref : input.statement.tables) {
    if (Checked(input, ref) && !input.rules.MetadataOf(ref.name.name)) {
      throw Error(Message<msg::NoSuchTable>(arg::table = ref.name.name));
    }
  }
}

// ShardingCreateTableSupportedChecker: the created table (not a LIKE or REFERENCES one).
void CheckCreateTable(const RouteInput& input) {
  const ast::TableRef& created = input.statement.tables.front();
  if (Checked(input, created) && input.rules.MetadataOf(created.name.name)) {
    throw Error(Message<msg::TableExists>(arg::table = created.name.name));
  }
}

// ShardingCreateIndexSupportedChecker: the table exists and has no index of the (first) name.
void CheckCreateIndex(const RouteInput& input) {
  CheckTablesExist(input);
  const ast::Statement& statement = input.statement;
  const config::TableMetadataConfig* table = input.rules.MetadataOf(statement.tables.front().name.name);
  if (table && !statement.index_names.empty() && HasIndex(*table, statement.index_names.front().name)) {
    throw Error(Message<msg::DuplicateIndex>(arg::index = statement.index_names.front().name));
  }
}

// ShardingDropIndexSupportedChecker.
void CheckDropIndex(const RouteInput& input) {
  for (const auto& index : input.statement.index_names) {
    if (!SchemaHasIndex(input.rules, index.name)) throw Error(Message<msg::IndexNotFound>(arg::index = index.name));
  }
}

}  // namespace

void CheckDdlAgainstSchema(const RouteInput& input) {
  const ast::Statement& statement = input.statement;
  if (!input.rules.config.schema_known || statement.if_exists || statement.tables.empty()) return;
  switch (statement.kind) {
    case StatementKind::CreateTable: return CheckCreateTable(input);
    case StatementKind::DropTable: return CheckTablesExist(input);
    case StatementKind::CreateIndex: return CheckCreateIndex(input);
    case StatementKind::DropIndex: return CheckDropIndex(input);
    default: return;
  }
}

}  // namespace sqlroute::route
