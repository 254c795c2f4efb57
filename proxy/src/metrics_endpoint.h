#pragma once
// Prometheus scrapes at http://HOST:PORT/metrics (server.yaml props `metrics-port`, and
// `metrics-host`, 127.0.0.1 by default), as ShardingSphere's Prometheus plugin serves them.
// One request per connection; a request that is not `GET /metrics` gets 404, one that does not
// arrive within 5 s or exceeds 8 KiB is dropped.
#include <asio.hpp>

#include <cstdint>
#include <functional>
#include <string>

namespace sqlroute::proxy {

class MetricsEndpoint {
 public:
  MetricsEndpoint(asio::io_context& io, const std::string& host, std::uint16_t port, std::function<std::string()> render);
  std::uint16_t port() const { return acceptor_.local_endpoint().port(); }
  void Close() {
    asio::error_code ignored;
    acceptor_.close(ignored);
  }

 private:
  void Accept();

  asio::io_context& io_;
  asio::ip::tcp::acceptor acceptor_;
  std::function<std::string()> render_;
};

}  // namespace sqlroute::proxy
