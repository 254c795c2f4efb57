#pragma once
// Keeps a Session's transaction state in step with the statements that pass through.
#include "ast/statement.h"
#include "sqlroute/session.h"

namespace sqlroute::engine {

void TrackTransaction(const ast::Statement& statement, Session& session);

}  // namespace sqlroute::engine
