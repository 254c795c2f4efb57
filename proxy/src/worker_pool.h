#pragma once
// A fixed set of threads for work that may block on the disk (DistSQL and CREATE / DROP DATABASE
// write rule files, SIGHUP reads them), so that the client I/O threads never block. Statements
// themselves never come here: their backend I/O is non-blocking on the I/O threads.
#include <condition_variable>
#include <cstddef>
#include <deque>
#include <functional>
#include <mutex>
#include <thread>
#include <vector>

namespace sqlroute::proxy {

class WorkerPool {
 public:
  explicit WorkerPool(std::size_t threads);
  ~WorkerPool();  // runs what is queued, then joins
  WorkerPool(const WorkerPool&) = delete;
  WorkerPool& operator=(const WorkerPool&) = delete;

  void Submit(std::function<void()> task);

 private:
  void Run();
  std::mutex mutex_;
  std::condition_variable ready_;
  std::deque<std::function<void()>> tasks_;
  bool stopping_ = false;
  std::vector<std::thread> threads_;
};

}  // namespace sqlroute::proxy
