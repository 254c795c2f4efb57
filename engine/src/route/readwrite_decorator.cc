#include "route/readwrite_decorator.h"

#include <algorithm>
#include <chrono>

#include "common/strings.h"
#include "route/chain_links.h"

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

std::vector<std::string> EnabledReplicas(const rules::ReadwriteGroup& group) {
  std::vector<std::string> enabled;
  for (const auto& name : group.read_data_sources) {
    const auto& disabled = group.disabled_read_data_sources;
    if (std::find(disabled.begin(), disabled.end(), name) == disabled.end()) enabled.push_back(name);
  }
  return enabled;
}

struct Choice {
  std::string data_source;
  std::string why;
};

Choice ChooseReplica(const rules::ReadwriteGroup& group, const std::vector<std::string>& replicas, Session* session) {
  bool in_transaction = session && session->in_transaction;
  if (in_transaction && group.transactional == rules::TransactionalReadStrategy::Primary) {
    return {group.write_data_source, "a read in a transaction with transactionalReadQueryStrategy PRIMARY"};
  }
  std::string balancer = group.load_balancer_name.empty() ? "ROUND_ROBIN" : group.load_balancer_name;
  if (in_transaction && group.transactional == rules::TransactionalReadStrategy::Fixed) {
    auto found = session->fixed_replicas.find(group.name);
    if (found != session->fixed_replicas.end() &&
        std::find(replicas.begin(), replicas.end(), found->second) != replicas.end()) {
      return {found->second, "the replica fixed for this transaction (strategy FIXED)"};
    }
    std::string chosen = group.load_balancer->Choose(group.name, replicas);
    session->fixed_replicas[group.name] = chosen;
    return {chosen, "load balancer " + balancer + " chose it for this transaction (strategy FIXED)"};
  }
  return {group.load_balancer->Choose(group.name, replicas), "load balancer " + balancer + " chose it"};
}

}  // namespace

std::string PrimaryReason(const ast::Statement& statement, const Hints& hints) {
  if (ast::ClassOf(statement.kind) != ast::StatementClass::DQL) return "not a read";
  if (HasLock(statement)) return "a locking read";
  if (CallsLastInsertId(statement)) return "LAST_INSERT_ID() reads the primary's state";
  if (hints.write_route_only) return "the write-route-only hint";
  return "";
}

void DecorateReadwrite(const RouteInput& input, Session* session, RouteContext& context) {
  const auto& groups = input.rules.readwrite_groups;
  if (groups.empty()) return;
  std::string primary = PrimaryReason(input.statement, input.hints);
  if (primary.empty() && session && AffinityHolds(*session)) primary = "read-after-write affinity of the session";
  for (std::size_t i = 0; i < context.units.size(); ++i) {
    RouteUnit& unit = context.units[i];
    for (const auto& group : groups) {
      if (unit.data_source != group.name) continue;
      RecordLink(input, context, i, "readwrite");
      std::vector<std::string> enabled;
      if (!group.disabled_read_data_sources.empty()) enabled = EnabledReplicas(group);
      const std::vector<std::string>& replicas =
          group.disabled_read_data_sources.empty() ? group.read_data_sources : enabled;
      Choice choice{group.write_data_source, primary};
      if (choice.why.empty() && replicas.empty()) {
        choice.why = group.read_data_sources.empty() ? "the group has no replica" : "every replica is disabled";
      }
      if (choice.why.empty()) choice = ChooseReplica(group, replicas, session);
      if (unit.logic_data_source == unit.data_source) unit.logic_data_source = group.name;
      unit.data_source = choice.data_source;
      std::string& note = context.notes.emplace_back();
      note.reserve(group.name.size() + choice.data_source.size() + choice.why.size() + 6);
      note.append(group.name).append(" -> ").append(choice.data_source).append(": ").append(choice.why);
    }
  }
  if (session && ast::ClassOf(input.statement.kind) == ast::StatementClass::DML) {
    session->last_write = std::chrono::steady_clock::now();
  }
}

}  // namespace sqlroute::route
