#pragma once
// Connections to one storage unit over MariaDB Connector/C: a bounded pool (maxPoolSize) whose
// callers wait up to connectionTimeoutMilliseconds for a free connection, as HikariCP does for
// ShardingSphere-Proxy.
#include <chrono>
#include <condition_variable>
#include <cstdint>
#include <deque>
#include <memory>
#include <mutex>
#include <stdexcept>
#include <string>
#include <vector>

#include "data_source_spec.h"
#include "protocol_messages.h"

typedef struct st_mysql MYSQL;

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

class BackendConnection {
 public:
  // Throws BackendFailure when the server cannot be reached or refuses the login.
  explicit BackendConnection(const DataSourceSpec& spec);
  ~BackendConnection();
  BackendConnection(const BackendConnection&) = delete;
  BackendConnection& operator=(const BackendConnection&) = delete;

  // Runs one statement; throws BackendFailure with the server's error.
  BackendResult Execute(const std::string& sql);
  // The result columns of `sql`, from a server-side prepare (nothing runs); throws BackendFailure.
  std::vector<ColumnInfo> Describe(const std::string& sql);
  // Whether the connection can go back to the pool (not lost, no transaction left open).
  bool reusable() const { return !broken_ && !in_transaction_; }
  // Whether the server still answers (COM_PING), checked for a connection idle a while, as
  // HikariCP validates connections idle longer than its bypass window.
  bool Alive();
  std::chrono::steady_clock::time_point last_used() const { return last_used_; }
  void set_in_transaction(bool value) { in_transaction_ = value; }

 private:
  BackendError LastError() const;
  MYSQL* handle_;
  bool broken_ = false;
  bool in_transaction_ = false;
  std::chrono::steady_clock::time_point last_used_ = std::chrono::steady_clock::now();
};

class BackendPool;

// A connection borrowed from a pool; given back (or dropped if unusable) when destroyed.
class PooledConnection {
 public:
  PooledConnection() = default;
  PooledConnection(std::shared_ptr<BackendPool> pool, std::unique_ptr<BackendConnection> connection)
      : pool_(std::move(pool)), connection_(std::move(connection)) {}
  PooledConnection(PooledConnection&&) noexcept = default;
  PooledConnection& operator=(PooledConnection&& other) noexcept;
  ~PooledConnection();

  BackendConnection* operator->() const { return connection_.get(); }
  // Replaces the connection with a new one to the same storage unit.
  void Reopen();
  explicit operator bool() const { return connection_ != nullptr; }

 private:
  void GiveBack();
  std::shared_ptr<BackendPool> pool_;
  std::unique_ptr<BackendConnection> connection_;
};

class BackendPool : public std::enable_shared_from_this<BackendPool> {
 public:
  explicit BackendPool(DataSourceSpec spec) : spec_(std::move(spec)) {}

  // Throws BackendFailure when no connection frees up in time or a new one cannot be opened.
  PooledConnection Acquire();
  // `count` connections at once (at most maxPoolSize), so that statements which each need
  // several never hold part of the pool while waiting for the rest.
  std::vector<PooledConnection> AcquireMany(std::size_t count);
  const DataSourceSpec& spec() const { return spec_; }

 private:
  friend class PooledConnection;
  void Release(std::unique_ptr<BackendConnection> connection);
  // Under `lock`: waits until `count` connections can be had, then takes them.
  std::vector<PooledConnection> Take(std::unique_lock<std::mutex>& lock, std::size_t count);

  DataSourceSpec spec_;
  std::mutex mutex_;
  std::condition_variable freed_;
  std::deque<std::unique_ptr<BackendConnection>> idle_;
  std::size_t open_ = 0;
};

}  // namespace sqlroute::proxy
