#include "zipkin_exporter.h"

#include <asio.hpp>

#include <chrono>
#include <iostream>

namespace sqlroute::proxy {

namespace {

constexpr std::size_t kMaxQueued = 10000;
constexpr std::size_t kBatch = 500;
constexpr auto kFlushEvery = std::chrono::milliseconds(500);
constexpr auto kPostTimeout = std::chrono::seconds(2);

}  // namespace

ZipkinExporter::ZipkinExporter(std::string host, std::uint16_t port, std::string path,
                               std::function<void(std::size_t)> dropped)
    : host_(std::move(host)), path_(std::move(path)), port_(port), dropped_(std::move(dropped)),
      thread_([this] { Loop(); }) {}

ZipkinExporter::~ZipkinExporter() {
  {
    std::lock_guard<std::mutex> lock(mutex_);
    stopping_ = true;
  }
  wake_.notify_all();
  thread_.join();
}

void ZipkinExporter::Send(std::string span) {
  std::lock_guard<std::mutex> lock(mutex_);
  if (queue_.size() >= kMaxQueued) {
    dropped_(1);
    return;
  }
  queue_.push_back(std::move(span));
  if (queue_.size() == kBatch) wake_.notify_all();
}

void ZipkinExporter::Loop() {
  auto last_complaint = std::chrono::steady_clock::time_point{};
  std::unique_lock<std::mutex> lock(mutex_);
  while (true) {
    wake_.wait_for(lock, kFlushEvery, [this] { return stopping_ || queue_.size() >= kBatch; });
    if (queue_.empty()) {
      if (stopping_) return;
      continue;
    }
    std::string body = "[";
    std::size_t spans = 0;
    for (; spans < kBatch && !queue_.empty(); ++spans) {
      if (body.size() > 1) body += ',';
      body += queue_.front();
      queue_.pop_front();
    }
    body += ']';
    lock.unlock();
    std::string failure;
    bool posted = Post(body, failure);
    if (!posted) dropped_(spans);
    if (!posted && std::chrono::steady_clock::now() - last_complaint > std::chrono::minutes(1)) {
      last_complaint = std::chrono::steady_clock::now();
      std::cerr << "sqlroute-proxy: Zipkin export to " << host_ << ":" << port_ << path_ << " failed, spans dropped: "
                << failure << std::endl;
    }
    lock.lock();
  }
}

bool ZipkinExporter::Post(const std::string& body, std::string& failure) const {
  asio::io_context io;
  asio::ip::tcp::resolver resolver(io);
  asio::ip::tcp::socket socket(io);
  std::string request = "POST " + path_ + " HTTP/1.1\r\nHost: " + host_ + ":" + std::to_string(port_) +
                        "\r\nContent-Type: application/json\r\nContent-Length: " + std::to_string(body.size()) +
                        "\r\nConnection: close\r\n\r\n" + body;
  std::string response;
  asio::error_code outcome = asio::error::timed_out;
  resolver.async_resolve(host_, std::to_string(port_), [&](const asio::error_code& error, auto endpoints) {
    if (error) {
      outcome = error;
      return;
    }
    asio::async_connect(socket, endpoints, [&](const asio::error_code& error, const auto&) {
      if (error) {
        outcome = error;
        return;
      }
      asio::async_write(socket, asio::buffer(request), [&](const asio::error_code& error, std::size_t) {
        if (error) {
          outcome = error;
          return;
        }
        asio::async_read_until(socket, asio::dynamic_buffer(response, 4096), "\r\n",
                               [&](const asio::error_code& error, std::size_t) { outcome = error; });
      });
    });
  });
  io.run_for(kPostTimeout);
  if (outcome) {
    failure = outcome.message();
    return false;
  }
  // "HTTP/1.1 202 Accepted": any 2xx status.
  std::size_t space = response.find(' ');
  if (space == std::string::npos || space + 1 >= response.size() || response[space + 1] != '2') {
    failure = response.substr(0, response.find("\r\n"));
    return false;
  }
  return true;
}

}  // namespace sqlroute::proxy
