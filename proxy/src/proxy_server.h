#pragma once
// The listening socket and the I/O threads: accepts clients and hands each to a ClientSession.
#include <asio.hpp>

#include <cstdint>
#include <string>
#include <thread>
#include <vector>

#include "proxy_context.h"

namespace sqlroute::proxy {

struct ListenOptions {
  std::string bind = "127.0.0.1";
  std::uint16_t port = 3307;
};

// Builds the shared context from a configuration directory: server.yaml, then each
// database-*.yaml as a logical database. Throws sqlroute::Error naming the file and key.
std::unique_ptr<ProxyContext> LoadContext(const std::string& directory);

class ProxyServer {
 public:
  ProxyServer(ProxyContext& context, const ListenOptions& options);
  // Serves until SIGTERM or SIGINT, on `io_threads` threads.
  void Run(std::size_t io_threads);
  std::uint16_t port() const { return acceptor_.local_endpoint().port(); }

 private:
  void Accept();

  ProxyContext& context_;
  asio::io_context io_;
  asio::ip::tcp::acceptor acceptor_;
  asio::signal_set signals_;
};

}  // namespace sqlroute::proxy
