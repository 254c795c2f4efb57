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

// Every answer reaches `done` on the client connection's I/O thread, possibly before the call
// returns. Statements the proxy answers from its own state run inline; those that write rule
// files (DistSQL RDL, CREATE / DROP DATABASE) go to the worker pool, so that an I/O thread never
// waits on the disk.
class QueryDispatcher {
 public:
  explicit QueryDispatcher(ProxyContext& context) : context_(context) {}

  // `sink` takes the rows of a statement that can stream them (StatementExecutor::Execute).
  void Run(ConnectionState& state, const ClientIdentity& client, const std::string& sql,
           const std::vector<Value>& params, RowSink* sink, StatementDone done);
  // The columns a prepared statement will return, found by preparing one routed unit on its
  // storage unit; empty when the statement returns none or cannot be described in advance.
  void Describe(ConnectionState& state, const std::string& sql, std::size_t param_count,
                std::function<void(std::vector<ColumnInfo>)> done);
  // Ends an open transaction (client gone, COM_RESET_CONNECTION) and forgets the session state.
  void Abandon(ConnectionState& state, std::function<void()> done);

 private:
  void RunStatement(ConnectionState& state, const ClientIdentity& client, const std::string& sql,
                    const std::vector<Value>& params, RowSink* sink, StatementDone done);
  StatementResult SelectSystem(const ConnectionState& state, const ClientIdentity& client,
                               const struct LocalStatement& statement);
  void Begin(ConnectionState& state, StatementDone done);
  void SetAutocommit(ConnectionState& state, bool on, StatementDone done);
  StatementResult CreateDatabase(const std::string& name, bool if_not_exists);
  StatementResult DropDatabase(ConnectionState& state, const std::string& name, bool if_exists);
  StatementResult DistSqlUpdate(ConnectionState& state, const std::string& sql);
  StatementResult DistSqlQuery(ConnectionState& state, const std::string& sql);
  // Runs `job` on the worker pool; its answer goes to `done` on the connection's I/O thread.
  void OnWorker(ConnectionState& state, std::function<StatementResult()> job, StatementDone done);
  void RefreshMetadata(ConnectionState& state, std::shared_ptr<LogicDatabase> database, StatementResult result,
                       StatementDone done);

  ProxyContext& context_;
};

}  // namespace sqlroute::proxy
