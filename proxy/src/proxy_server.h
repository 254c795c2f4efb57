#pragma once
// The listening socket and the I/O threads: accepts clients and hands each to a ClientSession on
// one of the threads in turn. Each thread has its own io_context (one thread each), so that a
// client's reads, its statements' backend I/O and its writes all stay on that thread.
#include <asio.hpp>

#include <chrono>
#include <memory>
#include <cstdint>
#include <string>
#include <thread>
#include <vector>

#include "metrics_endpoint.h"
#include "proxy_context.h"

namespace sqlroute::proxy {

struct ListenOptions {
  std::string bind = "127.0.0.1";
  std::uint16_t port = 3307;
};

// Builds the shared context from a configuration directory: server.yaml, then each
// database-*.yaml as a logical database. Throws sqlroute::Error naming the file and key.
std::unique_ptr<ProxyContext> LoadContext(const std::string& directory);
// Reads the rule files of the context's directory again and swaps each database's rules in
// atomically (statements already routing keep the rules they started with); new files add
// databases. On an error nothing changes and the error is thrown. In cluster mode the registry
// is read again instead.
void ReloadRules(ProxyContext& context);

class ProxyServer {
 public:
  ProxyServer(ProxyContext& context, const ListenOptions& options);
  // Serves on `io_threads` threads until SIGTERM or SIGINT, which stop accepting and let the
  // commands in flight finish (up to 30 s); SIGHUP reloads the rule files.
  void Run(std::size_t io_threads);
  std::uint16_t port() const { return acceptor_.local_endpoint().port(); }
  // The Prometheus endpoint's port; 0 when metrics are off.
  std::uint16_t metrics_port() const { return metrics_ ? metrics_->port() : 0; }

 private:
  asio::io_context& NextClientContext();
  void Accept();
  void WaitForSignal();
  void DrainThenStop(std::chrono::steady_clock::time_point deadline);
  // The pools' housekeeping (BackendPool::HousekeepAll), at once and then every second rather
  // than HikariCP's 30 s, so that short idle timeouts and lifetimes act within a second.
  void Housekeep();

  ProxyContext& context_;
  asio::io_context io_{1};  // accepts, signals, metrics; serves clients too
  std::vector<std::unique_ptr<asio::io_context>> client_io_;  // the other I/O threads
  std::size_t next_client_context_ = 0;
  asio::ip::tcp::acceptor acceptor_;
  asio::signal_set signals_;
  asio::steady_timer drain_timer_;
  asio::steady_timer housekeeping_timer_;
  std::unique_ptr<MetricsEndpoint> metrics_;
};

}  // namespace sqlroute::proxy
