#include "rewrite/encrypt_supported.h"

#include "sqlroute/error_text.h"

namespace sqlroute::rewrite {
namespace {

const ast::Query* FirstCte(const ast::Statement& statement) {
  for (const ast::Query& query : statement.queries) {
    if (query.cte) return &query;
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
