#pragma once
// Runs one routed statement on the client's I/O thread: routes it inline, runs each SQL unit on a
// pooled backend connection over the non-blocking client API, units of different data sources
// at once (ShardingSphere's DriverExecutionPrepareEngine groups a data source's units over at
// most max-connections-size-per-query connections), then merges the results with the engine's
// merge and decrypts encrypted columns. One unit whose rows need no merge, and a SELECT whose
// units each have a connection of their own, are streamed: their rows reach the client as they
// are read and merged (ShardingSphere's stream merged results).
#include <asio.hpp>

#include <cstdint>
#include <functional>
#include <map>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "backend_pool.h"
#include "error_mapping.h"
#include "logic_database.h"
#include "protocol_messages.h"
#include "sqlroute/plan.h"
#include "sqlroute/session.h"

namespace sqlroute::proxy {

// What one statement answers the client.
struct StatementResult {
  // Streamed: the columns and rows went to the RowSink; what is left is the end of the result.
  enum class Kind { Ok, Rows, Streamed, Error };
  Kind kind = Kind::Ok;
  OkPacket ok;
  std::vector<ColumnInfo> columns;
  std::vector<std::vector<Cell>> rows;
  MysqlError error{0, "", ""};

  static StatementResult Failure(std::uint16_t code, std::string sql_state, std::string message);
  static StatementResult Done(std::uint64_t affected_rows = 0);
};
using StatementDone = std::function<void(StatementResult)>;

// Where streamed rows go: the client connection, which buffers them and writes when asked.
class RowSink {
 public:
  virtual ~RowSink() = default;
  virtual void Columns(const std::vector<ColumnInfo>& columns) = 0;
  // One row as the storage unit sent it: a text row's payload.
  virtual void Row(const std::vector<ColumnInfo>& columns, std::string_view text_row) = 0;
  // Whether rows are answered in the binary protocol (the client's COM_STMT_EXECUTE): a storage
  // unit's binary rows then go to BinaryRow as they came.
  virtual bool BinaryRows() const = 0;
  virtual void BinaryRow(std::string_view binary_row) = 0;
  // Whether enough is buffered that it should be written before more rows are read.
  virtual bool Full() const = 0;
  // Writes what is buffered; `written(true)` once it is, `written(false)` when the client is gone.
  virtual void Flush(std::function<void(bool)> written) = 0;
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

// Per client connection: the selected database, the engine's session state, and the I/O thread
// its statements run on.
struct ConnectionState {
  std::string database;
  Session session;
  TransactionState transaction;
  asio::io_context* io = nullptr;
  Plan plan;  // the running statement's, reused (Engine::RouteInto)
};

class StatementExecutor {
 public:
  // `done` runs on the connection's I/O thread, possibly before Execute returns. `sink`, when
  // given, takes the rows of a statement that can stream them.
  void Execute(const std::shared_ptr<LogicDatabase>& database, ConnectionState& state, const std::string& sql,
               const std::vector<Value>& params, RowSink* sink, StatementDone done);
  // The columns the statement returns, from preparing its first unit on that unit's storage unit
  // (routed with placeholder values 0, then NULL); empty when it returns none or cannot be routed.
  void Describe(const std::shared_ptr<LogicDatabase>& database, const ConnectionState& state, const std::string& sql,
                std::size_t param_count, std::function<void(std::vector<ColumnInfo>)> done);
  // Ends the transaction on every held connection: COMMIT or ROLLBACK, then autocommit back on.
  // Every unit is ended; the first failure is reported (a failed COMMIT is never hidden).
  void EndTransaction(ConnectionState& state, bool commit, StatementDone done);
};

}  // namespace sqlroute::proxy
