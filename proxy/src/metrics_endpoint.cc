#include "metrics_endpoint.h"

#include <chrono>
#include <memory>

namespace sqlroute::proxy {

namespace {

constexpr std::size_t kMaxRequest = 8192;

struct Exchange : std::enable_shared_from_this<Exchange> {
  Exchange(asio::ip::tcp::socket s, asio::io_context& io, std::function<std::string()> render)
      : socket(std::move(s)), timer(io), render(std::move(render)) {}

  void Start() {
    auto self = shared_from_this();
    timer.expires_after(std::chrono::seconds(5));
    timer.async_wait([self](const asio::error_code& error) {
      if (!error) self->socket.close();
    });
    asio::async_read_until(socket, asio::dynamic_buffer(request, kMaxRequest), "\r\n\r\n",
                           [self](const asio::error_code& error, std::size_t) {
                             if (error) return self->Stop();
                             self->Reply();
                           });
  }

  void Reply() {
    std::string line = request.substr(0, request.find("\r\n"));
    bool metrics = line.rfind("GET /metrics ", 0) == 0 || line.rfind("GET /metrics? ", 0) == 0;
    std::string body = metrics ? render() : "not found\n";
    response = std::string(metrics ? "HTTP/1.1 200 OK\r\n" : "HTTP/1.1 404 Not Found\r\n") +
               "Content-Type: " + (metrics ? "text/plain; version=0.0.4; charset=utf-8" : "text/plain") +
               "\r\nContent-Length: " + std::to_string(body.size()) + "\r\nConnection: close\r\n\r\n" + body;
    auto self = shared_from_this();
    asio::async_write(socket, asio::buffer(response), [self](const asio::error_code&, std::size_t) { self->Stop(); });
  }

  void Stop() {
    asio::error_code ignored;
    timer.cancel();
    socket.shutdown(asio::ip::tcp::socket::shutdown_both, ignored);
    socket.close(ignored);
  }

  asio::ip::tcp::socket socket;
  asio::steady_timer timer;
  std::function<std::string()> render;
  std::string request, response;
};

}  // namespace

MetricsEndpoint::MetricsEndpoint(asio::io_context& io, const std::string& host, std::uint16_t port,
                                 std::function<std::string()> render)
    : io_(io), acceptor_(io, asio::ip::tcp::endpoint(asio::ip::make_address(host), port)), render_(std::move(render)) {
  acceptor_.listen();
  Accept();
}

void MetricsEndpoint::Accept() {
  acceptor_.async_accept([this](const asio::error_code& error, asio::ip::tcp::socket socket) {
    if (error) return;  // closed
    std::make_shared<Exchange>(std::move(socket), io_, render_)->Start();
    Accept();
  });
}

}  // namespace sqlroute::proxy
