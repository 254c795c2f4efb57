#pragma once
// Sends Zipkin v2 JSON spans over HTTP (POST http://HOST:PORT/api/v2/spans), batched on a thread
// of its own, as ShardingSphere's Zipkin plugin does through its async span handler. A full queue
// (10,000 spans) drops new spans; a failed POST drops its batch and says so on stderr at most once
// a minute; either way `dropped` is told how many spans were lost (as the Zipkin reporter's
// spansDropped). Never blocks the statements that produce the spans.
#include <condition_variable>
#include <cstdint>
#include <deque>
#include <functional>
#include <mutex>
#include <string>
#include <thread>

namespace sqlroute::proxy {

class ZipkinExporter {
 public:
  ZipkinExporter(std::string host, std::uint16_t port, std::string path, std::function<void(std::size_t)> dropped);
  // Sends what is queued (each POST bounded by 2 s), then stops.
  ~ZipkinExporter();
  ZipkinExporter(const ZipkinExporter&) = delete;
  ZipkinExporter& operator=(const ZipkinExporter&) = delete;

  // One span, a JSON object.
  void Send(std::string span);

 private:
  void Loop();
  bool Post(const std::string& body, std::string& failure) const;

  std::string host_, path_;
  std::uint16_t port_;
  std::function<void(std::size_t)> dropped_;
  std::mutex mutex_;
  std::condition_variable wake_;
  std::deque<std::string> queue_;
  bool stopping_ = false;
  std::thread thread_;
};

}  // namespace sqlroute::proxy
