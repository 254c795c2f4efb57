#pragma once
// A fixed set of threads for the blocking work of statements (routing, backend I/O, merging),
// so that the client I/O threads never block.
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

  // Calls work(i) for every i < count, at most `parallelism` at once: the caller takes part and
  // the pool's threads help; an index no helper has started yet is run by the caller, so it never
  // waits on queued work. Returns once every call has finished.
  void ForEach(std::size_t count, std::size_t parallelism, const std::function<void(std::size_t)>& work);

 private:
  void Run();
  std::mutex mutex_;
  std::condition_variable ready_;
  std::deque<std::function<void()>> tasks_;
  bool stopping_ = false;
  std::vector<std::thread> threads_;
};

}  // namespace sqlroute::proxy
