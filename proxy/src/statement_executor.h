#pragma once
// Runs one routed statement: each SQL unit on a pooled backend connection, units of different
// data sources in parallel (ShardingSphere's DriverExecutionPrepareEngine groups a data
// source's units over at most max-connections-size-per-query connections), then merges the
// results with the engine's merge and decrypts encrypted columns.
#include <cstdint>
#include <map>
#include <memory>
#include <string>
#include <vector>

#include "backend_pool.h"
#include "error_mapping.h"
#include "logic_database.h"
#include "protocol_messages.h"
#include "sqlroute/session.h"
#include "worker_pool.h"

namespace sqlroute::proxy {

// What one statement answers the client.
struct StatementResult {
  enum class Kind { Ok, Rows, Error };
  Kind kind = Kind::Ok;
  OkPacket ok;
  std::vector<ColumnInfo> columns;
  std::vector<std::vector<Cell>> rows;
  MysqlError error{0, "", ""};

  static StatementResult Failure(std::uint16_t code, std::string sql_state, std::string message);
  static StatementResult Done(std::uint64_t affected_rows = 0);
};

// A client connection's transaction (ShardingSphere's LOCAL type): from BEGIN, START TRANSACTION
// or autocommit=0 to COMMIT or ROLLBACK, one backend connection per touched storage unit.
struct TransactionState {
  bool autocommit = true;
  bool explicit_transaction = false;  // BEGIN / START TRANSACTION
  std::shared_ptr<LogicDatabase> database;  // whose storage units the held connections reach
  std::map<std::string, PooledConnection> held;

  bool active() const { return explicit_transaction || !autocommit; }
};

// Per client connection: the selected database and the engine's session state.
struct ConnectionState {
  std::string database;
  Session session;
  TransactionState transaction;
};

class StatementExecutor {
 public:
  StatementExecutor(WorkerPool& workers, std::size_t max_connections_per_query)
      : workers_(workers), max_connections_per_query_(max_connections_per_query) {}

  StatementResult Execute(const std::shared_ptr<LogicDatabase>& database, ConnectionState& state, const std::string& sql,
                          const std::vector<Value>& params = {});
  // The columns the statement returns, from preparing its first unit on that unit's storage unit
  // (routed with placeholder values 0, then NULL); empty when it returns none or cannot be routed.
  std::vector<ColumnInfo> Describe(const std::shared_ptr<LogicDatabase>& database, const ConnectionState& state,
                                   const std::string& sql, std::size_t param_count);
  // Ends the transaction on every held connection: COMMIT or ROLLBACK, then autocommit back on.
  // Every unit is ended; the first failure is reported (a failed COMMIT is never hidden).
  StatementResult EndTransaction(ConnectionState& state, bool commit);

 private:
  WorkerPool& workers_;
  std::size_t max_connections_per_query_;
};

}  // namespace sqlroute::proxy
