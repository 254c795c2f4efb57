#include "worker_pool.h"

#include <atomic>
#include <memory>

namespace sqlroute::proxy {

WorkerPool::WorkerPool(std::size_t threads) {
  for (std::size_t i = 0; i < threads; ++i) threads_.emplace_back([this] { Run(); });
}

WorkerPool::~WorkerPool() {
  {
    std::lock_guard<std::mutex> lock(mutex_);
    stopping_ = true;
  }
  ready_.notify_all();
  for (std::thread& thread : threads_) thread.join();
}

void WorkerPool::Submit(std::function<void()> task) {
  {
    std::lock_guard<std::mutex> lock(mutex_);
    tasks_.push_back(std::move(task));
  }
  ready_.notify_one();
}

void WorkerPool::Run() {
  while (true) {
    std::function<void()> task;
    {
      std::unique_lock<std::mutex> lock(mutex_);
      ready_.wait(lock, [&] { return stopping_ || !tasks_.empty(); });
      if (tasks_.empty()) return;
      task = std::move(tasks_.front());
      tasks_.pop_front();
    }
    task();
  }
}

namespace {

// Shared by the caller and its helpers; a helper that starts after the caller returned finds
// no index left and touches nothing but this state, which it co-owns.
struct ForEachState {
  std::atomic<std::size_t> next{0};
  std::size_t count = 0;
  const std::function<void(std::size_t)>* work = nullptr;
  std::mutex mutex;
  std::condition_variable done;
  std::size_t finished = 0;

  void Drain() {
    std::size_t ran = 0;
    for (std::size_t i = next++; i < count; i = next++) {
      (*work)(i);
      ++ran;
    }
    if (ran == 0) return;
    std::lock_guard<std::mutex> lock(mutex);
    finished += ran;
    if (finished == count) done.notify_all();
  }
};

}  // namespace

void WorkerPool::ForEach(std::size_t count, std::size_t parallelism, const std::function<void(std::size_t)>& work) {
  if (count == 0) return;
  if (count == 1 || parallelism <= 1) {
    for (std::size_t i = 0; i < count; ++i) work(i);
    return;
  }
  auto state = std::make_shared<ForEachState>();
  state->count = count;
  state->work = &work;
  for (std::size_t helper = 1; helper < std::min(count, parallelism); ++helper) {
    Submit([state] { state->Drain(); });
  }
  state->Drain();
  std::unique_lock<std::mutex> lock(state->mutex);
  state->done.wait(lock, [&] { return state->finished == state->count; });
}

}  // namespace sqlroute::proxy
