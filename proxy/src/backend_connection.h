#pragma once
// One connection to a storage unit over MariaDB Connector/C's non-blocking API, driven by the Asio
// I/O thread of the client session using it: a call starts, the socket is watched for what the
// library waits on (readable, writable, a timeout), and the call resumes there. No thread blocks
// on a backend, and a single-route statement never leaves its client's I/O thread.
#include <asio.hpp>

#include <array>
#include <chrono>
#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <stdexcept>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

#include "data_source_spec.h"
#include "packet_io.h"
#include "protocol_messages.h"
#include "sqlroute/value.h"

typedef struct st_mysql MYSQL;
typedef struct st_mysql_stmt MYSQL_STMT;

namespace sqlroute::proxy {

// An error a backend reported (or the client library raised), passed to the client as it is.
struct BackendError {
  std::uint16_t code = 0;
  std::string sql_state = "HY000";
  std::string message;
};

class BackendFailure : public std::runtime_error {
 public:
  explicit BackendFailure(BackendError error) : std::runtime_error(error.message), error_(std::move(error)) {}
  const BackendError& error() const { return error_; }

 private:
  BackendError error_;
};

// What one statement returned: rows with their columns, or an update count.
struct BackendResult {
  bool has_rows = false;
  std::vector<ColumnInfo> columns;
  std::vector<std::vector<Cell>> rows;
  std::uint64_t affected_rows = 0;
  std::uint64_t last_insert_id = 0;
  std::uint16_t warnings = 0;
  std::string info;
};

// Called once when an operation ends: with the error, or nullopt on success.
using BackendDone = std::function<void(std::optional<BackendError>)>;

class BackendConnection {
 public:
  using Opened = std::function<void(std::unique_ptr<BackendConnection>, std::optional<BackendError>)>;
  // Connects (within the spec's connection timeout) on `io`'s thread and logs in.
  static void Open(const DataSourceSpec& spec, asio::io_context& io, Opened done);
  ~BackendConnection();
  BackendConnection(const BackendConnection&) = delete;
  BackendConnection& operator=(const BackendConnection&) = delete;

  // Watches the socket from `io` from now on; every operation below runs on `io`'s thread. A
  // connection stays bound while idle in its pool, so that the thread taking it again registers
  // nothing (sysbench point select, 32 threads: epoll_ctl 2.4 -> 0.9 per statement, proxy CPU
  // 40 -> 33 us per statement).
  void Bind(asio::io_context& io);
  bool BoundTo(const asio::io_context& io) const;
  // Whether the thread it is bound to has stopped (the proxy is shutting down).
  bool BoundToStopped() const;
  void Unbind();
  void Rebind(asio::io_context& io);

  // COM_QUERY is written and its response read by the proxy itself, not by the client library
  // (whose non-blocking calls re-arm the socket in epoll for each wait and try a read before the
  // answer can have come): sysbench point select, syscalls per statement (perf stat) 9.4 -> 7.9
  // at 1 thread, 5.8 -> 5.5 at 32. The library keeps the handshake, COM_PING and prepares.
  // Runs `sql` and reads its whole result into `into` (which must live until `done`).
  void Execute(const std::string& sql, BackendResult& into, BackendDone done);
  // Runs `sql`; with rows, the columns are in `streamed_columns()` and rows come by FetchRow,
  // read from the socket as they are fetched. `has_rows` tells which.
  void Query(const std::string& sql, BackendResult& into, BackendDone done);
  // COM_STMT_EXECUTE of `sql` with `params`, prepared on this connection the first time and kept,
  // as ShardingSphere's MySQL data sources run (useServerPrepStmts, cachePrepStmts): the storage
  // unit parses the statement once rather than for every execution. Then as Query, except that
  // FetchRow's rows are binary result rows. A statement the server cannot prepare fails `done`
  // with ER_UNSUPPORTED_PS (1295) having run nothing, as when the server holds its
  // max_prepared_stmt_count (1461) or the statement is past the cache limits (kPreparedLimit
  // statements, kPreparedSqlLimit bytes, as prepStmtCacheSize / prepStmtCacheSqlLimit) likewise.
  void QueryPrepared(const std::string& sql, const std::vector<Value>& params, BackendResult& into,
                     BackendDone done);
  static constexpr std::uint16_t kUnsupportedPrepared = 1295, kTooManyPrepared = 1461;
  static constexpr std::size_t kPreparedLimit = 8192, kPreparedSqlLimit = 2048;
  const std::vector<ColumnInfo>& streamed_columns() const { return streamed_columns_; }
  bool binary_rows() const { return binary_rows_; }
  // The warning count of the last result read to its end.
  std::uint16_t warning_count() const { return warnings_; }
  // The next streamed row's payload into `row` (valid until the next call): `done` with no error
  // and `more` true for a row, false at the end. Binary rows after QueryPrepared (binary_rows()).
  void FetchRow(std::string_view& row, bool& more, BackendDone done);
  // The result columns of `sql`, from a server-side prepare (nothing runs).
  void Describe(const std::string& sql, std::vector<ColumnInfo>& into, BackendDone done);
  // COM_PING: whether the server still answers, checked for a connection idle a while, as
  // HikariCP validates connections idle longer than its bypass window.
  void Ping(BackendDone done);

  // Whether the connection can go back to the pool (not lost, no transaction or result left open).
  bool reusable() const { return !broken_ && !in_transaction_ && !in_result_; }
  std::chrono::steady_clock::time_point last_used() const { return last_used_; }
  // When it was opened, for the pool's maxLifetime.
  std::chrono::steady_clock::time_point opened() const { return opened_; }
  void set_in_transaction(bool value) { in_transaction_ = value; }

 private:
  // A statement prepared on the server: its id, parameter count and result columns.
  struct Prepared {
    std::uint32_t id = 0;
    std::size_t param_count = 0;
    std::vector<ColumnInfo> columns;
  };
  BackendConnection();
  BackendError LastError() const;
  // Fails `done` with the library's error; a lost connection is never reused.
  void Fail(const BackendDone& done, std::optional<BackendError> error = std::nullopt);
  // Drives a started non-blocking call: while `status` asks to wait, waits on the socket (and
  // the library's timeout), then `resume(events)`; at the end `finished()`.
  void Await(int status, std::function<int(int)> resume, std::function<void()> finished);
  void Wait(int status);
  // The first packet of the response to `sql`: an update count (`into`), an error, or a result
  // set whose column definitions are read into streamed_columns_. After COM_STMT_EXECUTE,
  // definitions the server leaves out (MARIADB_CLIENT_CACHE_METADATA) are executing_'s, and
  // those it sends become executing_'s.
  void ReadResponse(BackendResult& into, const BackendDone& done);
  void ReadColumns(BackendResult& into, const BackendDone& done);
  void StoreRows(BackendResult& into, const BackendDone& done);
  // Whether packet_ ends a result's rows (EOF, or an error into `error`).
  bool EndOfRows(std::optional<BackendError>& error);
  // Takes the next whole packet into packet_, or says none is buffered yet.
  bool TakePacket();
  // Reads what the socket has, then `then()`; a lost connection fails `failed`.
  void ReadMore(const BackendDone& failed, std::function<void()> then);
  // `done` with the error (Fail), or with success.
  void Finish(const BackendDone& done, std::optional<BackendError> error);
  // A response the proxy cannot read: the connection is closed.
  void Unreadable(const BackendDone& done, const char* what);
  bool session_tracking() const;
  // COM_STMT_PREPARE's answer into preparing_: the statement, then its definitions (`skip`
  // packets of parameter definitions are skipped, the column definitions kept).
  void ReadPrepareOk(const BackendDone& done);
  void ReadPrepareDefinitions(std::size_t skip, const BackendDone& done);
  void RunPrepared(Prepared& statement, const std::vector<Value>& params, BackendResult& into,
                   const BackendDone& done);
  // Writes request_ and then reads the answer with `read`.
  void Send(const BackendDone& done, std::function<void()> read);

  MYSQL* handle_;
  std::unique_ptr<asio::posix::stream_descriptor> socket_;
  std::unique_ptr<asio::steady_timer> timer_;
  std::function<int(int)> resume_;
  std::function<void()> finished_;
  std::uint64_t wait_number_ = 0;
  bool watched_for_write_ = false;
  // Where the running non-blocking call leaves its return value.
  int int_result_ = 0;
  std::string request_;
  FrameDecoder responses_;
  std::array<char, 16 * 1024> read_buffer_;
  std::string packet_;
  std::size_t column_count_ = 0;
  std::vector<ColumnInfo> streamed_columns_;
  std::unordered_map<std::string, Prepared> prepared_;
  Prepared preparing_;
  Prepared* executing_ = nullptr;  // the statement whose COM_STMT_EXECUTE is answered
  bool binary_rows_ = false;  // the open result's rows are binary (COM_STMT_EXECUTE)
  std::uint16_t warnings_ = 0;
  bool in_result_ = false;  // rows of a result are still to be read
  bool broken_ = false;
  bool in_transaction_ = false;
  const std::chrono::steady_clock::time_point opened_ = std::chrono::steady_clock::now();
  std::chrono::steady_clock::time_point last_used_ = opened_;
};

}  // namespace sqlroute::proxy
