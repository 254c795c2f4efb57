#include "engine/session_tracker.h"

#include "common/strings.h"

namespace sqlroute::engine {
namespace {

void End(Session& session) {
  session.in_transaction = false;
  session.fixed_replicas.clear();
  session.last_write.reset();
}

// SET autocommit = 0 | OFF | FALSE opens a transaction; any other value closes it.
bool DisablesAutocommit(const ast::Statement& statement) {
  for (const auto& expr : statement.exprs) {
    if (expr.kind != ast::ExprKind::Literal) continue;
    const Value& value = expr.literal;
    if (value.is_integral() || value.kind() == Value::Kind::Bool) return value.int_value() == 0;
    if (value.kind() == Value::Kind::String) return EqualsIgnoreCase(value.text(), "OFF");
  }
  for (const auto& expr : statement.exprs) {
    if (expr.kind == ast::ExprKind::Column) return EqualsIgnoreCase(expr.column.name.name, "OFF");
  }
  return false;
}

}  // namespace

void TrackTransaction(const ast::Statement& statement, Session& session) {
  switch (statement.kind) {
    case ast::StatementKind::Begin: session.in_transaction = true; break;
    case ast::StatementKind::Commit: End(session); break;
    case ast::StatementKind::Rollback:
      if (ToUpper(statement.sql).find(" TO ") == std::string::npos) End(session);
      break;
    case ast::StatementKind::SetAutocommit:
      if (DisablesAutocommit(statement)) {
        session.in_transaction = true;
      } else {
        End(session);
      }
      break;
    default: break;
  }
}

}  // namespace sqlroute::engine
