#include "route/readwrite_decorator.h"

#include <algorithm>
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

std::vector<std::string> EnabledReplicas(const ReadwriteGroup& group) {
  std::vector<std::string> enabled;
  for (const auto& name : group.read_data_sources) {
    const auto& disabled = group.disabled_read_data_sources;
    if (std::find(disabled.begin(), disabled.end(), name) == disabled.end()) enabled.push_back(name);
  }
  return enabled;
}

std::string ChooseReplica(const ReadwriteGroup& group, const std::vector<std::string>& replicas, Session* session) {
  bool in_transaction = session && session->in_transaction;
  if (in_transaction && group.transactional == TransactionalReadStrategy::Primary) return group.write_data_source;
  if (in_transaction && group.transactional == TransactionalReadStrategy::Fixed) {
    auto found = session->fixed_replicas.find(group.name);
    if (found != session->fixed_replicas.end() &&
        std::find(replicas.begin(), replicas.end(), found->second) != replicas.end()) {
      return found->second;
    }
    std::string chosen = group.load_balancer->Choose(group.name, replicas);
    session->fixed_replicas[group.name] = chosen;
    return chosen;
  }
  return group.load_balancer->Choose(group.name, replicas);
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
      std::vector<std::string> replicas = EnabledReplicas(group);
      unit.data_source = primary || replicas.empty() ? group.write_data_source : ChooseReplica(group, replicas, session);
    }
  }
  if (session && ast::ClassOf(input.statement.kind) == ast::StatementClass::DML) {
    session->last_write = std::chrono::steady_clock::now();
  }
}

}  // namespace sqlroute::route
