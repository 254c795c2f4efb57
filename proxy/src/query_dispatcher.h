#pragma once
// One statement of a client: answered by the proxy itself (session statements, transaction
// control, logical databases, DistSQL) or routed and executed on the storage units.
#include <string>
#include <vector>

#include "proxy_context.h"
#include "statement_executor.h"

namespace sqlroute::proxy {

struct ClientIdentity {
  std::uint32_t connection_id = 0;
  std::string user;
  std::string host;
};

class QueryDispatcher {
 public:
  explicit QueryDispatcher(ProxyContext& context) : context_(context) {}

  StatementResult Run(ConnectionState& state, const ClientIdentity& client, const std::string& sql,
                      const std::vector<Value>& params = {});
  // The columns a prepared statement will return, found by preparing one routed unit on its
  // storage unit; empty when the statement returns none or cannot be described in advance.
  std::vector<ColumnInfo> Describe(ConnectionState& state, const std::string& sql, std::size_t param_count);
  // Ends an open transaction (client gone, COM_RESET_CONNECTION).
  void Abandon(ConnectionState& state);

 private:
  StatementResult SelectSystem(const ConnectionState& state, const ClientIdentity& client,
                               const struct LocalStatement& statement);
  StatementResult Begin(ConnectionState& state);
  StatementResult SetAutocommit(ConnectionState& state, bool on);
  StatementResult CreateDatabase(const std::string& name, bool if_not_exists);
  StatementResult DropDatabase(ConnectionState& state, const std::string& name, bool if_exists);
  StatementResult DistSqlUpdate(ConnectionState& state, const std::string& sql);
  StatementResult DistSqlQuery(ConnectionState& state, const std::string& sql);

  ProxyContext& context_;
};

}  // namespace sqlroute::proxy
