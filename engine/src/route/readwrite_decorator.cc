#include "route/readwrite_decorator.h"

#include <chrono>

#include "common/strings.h"

namespace sqlroute::route {
namespace {

bool CallsLastInsertId(const ast::Statement& statement) {
  for (const auto& expr : statement.exprs) {
    if (expr.kind == ast::ExprKind::Function && expr.op == "LAST_INSERT_ID") return true;
  }
  return false;
}

bool HasLock(const ast::Statement& statement) {
  for (const auto& query : statement.queries) {
    if (query.lock != ast::LockKind::None) return true;
  }
  return false;
}

bool AffinityHolds(const Session& session) {
  if (!session.read_after_write_affinity || !session.last_write) return false;
  if (session.in_transaction) return true;
  return std::chrono::steady_clock::now() - *session.last_write < session.affinity_window;
}

std::string ChooseReplica(const ReadwriteGroup& group, Session* session) {
  bool in_transaction = session && session->in_transaction;
  if (in_transaction && group.transactional == TransactionalReadStrategy::Primary) return group.write_data_source;
  if (in_transaction && group.transactional == TransactionalReadStrategy::Fixed) {
    auto found = session->fixed_replicas.find(group.name);
    if (found != session->fixed_replicas.end()) return found->second;
    std::string chosen = group.load_balancer->Choose(group.name, group.read_data_sources);
    session->fixed_replicas.emplace(group.name, chosen);
    return chosen;
  }
  return group.load_balancer->Choose(group.name, group.read_data_sources);
}

}  // namespace

bool NeedsPrimary(const ast::Statement& statement, const Hints& hints) {
  return ast::ClassOf(statement.kind) != ast::StatementClass::DQL || HasLock(statement) ||
         CallsLastInsertId(statement) || hints.write_route_only;
}

void DecorateReadwrite(const RouteInput& input, Session* session, RouteContext& context) {
  const auto& groups = input.rules.readwrite_groups;
  if (groups.empty()) return;
  bool primary = NeedsPrimary(input.statement, input.hints) || (session && AffinityHolds(*session));
  for (auto& unit : context.units) {
    for (const auto& group : groups) {
      if (unit.data_source != group.name) continue;
      unit.logic_data_source = group.name;
      unit.data_source = primary || group.read_data_sources.empty() ? group.write_data_source
                                                                     : ChooseReplica(group, session);
    }
  }
  if (session && ast::ClassOf(input.statement.kind) == ast::StatementClass::DML) {
    session->last_write = std::chrono::steady_clock::now();
  }
}

}  // namespace sqlroute::route
