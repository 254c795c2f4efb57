#include "rewrite/encrypt_supported.h"

#include "sqlroute/error_text.h"

namespace sqlroute::rewrite {
namespace {

// The first common table expression: a named block no block lists among its derived tables.
const ast::Query* FirstCte(const ast::Statement& statement) {
  for (std::size_t i = 0; i < statement.queries.size(); ++i) {
    const ast::Query& query = statement.queries[i];
    if (!query.alias) continue;
    bool derived = false;
    for (const ast::Query& other : statement.queries) {
      for (ast::QueryId id : other.derived_tables) derived = derived || id == static_cast<ast::QueryId>(i);
    }
    if (!derived) return &query;
  }
  return nullptr;
}

}  // namespace

void CheckEncryptSupported(const RewriteInput& input) {
  const ast::Statement& statement = input.statement;
  bool encrypted = false;
  for (const auto& table : input.bound.tables) encrypted = encrypted || table.encrypt;
  if (!encrypted) return;
  bool insert = statement.kind == ast::StatementKind::Insert || statement.kind == ast::StatementKind::Replace;
  if (insert && statement.insert.select != ast::kNoQuery) {
    const ast::Query& select = statement.queries[static_cast<std::size_t>(statement.insert.select)];
    throw Error(Message<msg::EncryptClauseUnsupported>(arg::clause = "INSERT ... SELECT ..."),
                PositionAt(statement.sql, select.span.begin));
  }
  if (const ast::Query* cte = FirstCte(statement)) {
    throw Error(Message<msg::EncryptClauseUnsupported>(arg::clause = "WITH"), PositionAt(statement.sql, cte->alias->span.begin));
  }
}

}  // namespace sqlroute::rewrite
