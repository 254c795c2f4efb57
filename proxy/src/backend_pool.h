#pragma once
// Connections to one storage unit: a bounded pool (maxPoolSize) whose callers wait up to
// connectionTimeoutMilliseconds for a free connection, as HikariCP does for ShardingSphere-Proxy.
// Waiting is asynchronous: a caller is called back on its own I/O thread once its connections
// are free, checked and bound to that thread.
#include <asio.hpp>

#include <atomic>
#include <chrono>
#include <cstdint>
#include <deque>
#include <functional>
#include <memory>
#include <mutex>
#include <optional>
#include <vector>

#include "backend_connection.h"
#include "data_source_spec.h"

namespace sqlroute::proxy {

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
  BackendConnection& operator*() const { return *connection_; }
  explicit operator bool() const { return connection_ != nullptr; }

 private:
  void GiveBack();
  std::shared_ptr<BackendPool> pool_;
  std::unique_ptr<BackendConnection> connection_;
};

class BackendPool : public std::enable_shared_from_this<BackendPool> {
 public:
  explicit BackendPool(DataSourceSpec spec);
  ~BackendPool();
  BackendPool(const BackendPool&) = delete;
  BackendPool& operator=(const BackendPool&) = delete;

  // Once the I/O threads have stopped and before their io_contexts go: every pool's idle
  // connections stop watching their sockets (those given back later do so as they come back).
  static void UnbindAllIdle();
  // One round of HikariCP's housekeeper over every pool (PoolHousekeeper runs it): idle
  // connections past idleTimeout are closed while more than minPoolSize are idle, those past
  // maxLifetime are retired, then connections are opened on `io` until minPoolSize are idle.
  static void HousekeepAll(asio::io_context& io);

  using Acquired = std::function<void(std::vector<PooledConnection>, std::optional<BackendError>)>;
  // `count` connections at once (at most maxPoolSize), so that statements which each need
  // several never hold part of the pool while waiting for the rest. `done` runs on `io`'s
  // thread with the connections bound to it, or with the error when none frees up in time or
  // a new one cannot be opened.
  void Acquire(std::size_t count, asio::io_context& io, Acquired done);
  const DataSourceSpec& spec() const { return spec_; }

  // For the metrics: callers that found no free connection and waited, how long in total, and
  // how many gave up; connections open and idle now.
  struct Stats {
    std::uint64_t waits = 0, wait_nanos = 0, timeouts = 0;
    std::size_t open = 0, idle = 0;
  };
  Stats stats();

 private:
  friend class PooledConnection;
  // Connections taken from the idle list, and how many to open.
  struct Grant {
    std::vector<std::unique_ptr<BackendConnection>> idle;
    std::size_t to_open = 0;
  };
  struct Waiter {
    std::size_t count;
    asio::io_context* io;
    Acquired done;
    asio::steady_timer timer;
    std::chrono::steady_clock::time_point since = std::chrono::steady_clock::now();
  };

  void Release(std::unique_ptr<BackendConnection> connection);
  void Housekeep(asio::io_context& io);
  bool Expired(const BackendConnection& connection, std::chrono::steady_clock::time_point now) const {
    return now - connection.opened() >= spec_.max_lifetime;
  }
  // Under the mutex.
  bool CanTake(std::size_t count) const { return idle_.size() + (spec_.max_pool_size - open_) >= count; }
  // Prefers connections already bound to `io`.
  Grant Take(std::size_t count, const asio::io_context& io);
  // Hands out the waiters' turns that the pool can serve now; under the mutex.
  std::vector<std::shared_ptr<Waiter>> ServeWaiters(std::vector<Grant>& grants);
  void Waited(const Waiter& waiter);
  // Delivers each served waiter's grant on its I/O thread.
  void HandOut(std::vector<std::shared_ptr<Waiter>> served, std::vector<Grant> grants);
  // On `io`'s thread: binds the granted connections, checks those idle a while, opens the new ones.
  void Deliver(Grant grant, asio::io_context& io, Acquired done);
  // The openings of a grant that failed: the pool may open that many again.
  void Unreserve(std::size_t count);

  DataSourceSpec spec_;
  std::mutex mutex_;
  std::deque<std::unique_ptr<BackendConnection>> idle_;
  std::deque<std::shared_ptr<Waiter>> waiters_;
  std::size_t open_ = 0;
  std::atomic<std::uint64_t> waits_{0}, wait_nanos_{0}, timeouts_{0};
};

}  // namespace sqlroute::proxy
