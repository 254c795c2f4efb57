#include "common/shared_heap.h"

#include <pthread.h>

#include <algorithm>
#include <condition_variable>
#include <exception>
#include <mutex>
#include <system_error>
#include <thread>

#include "common/cache_line.h"

namespace sqlroute {
namespace {

constexpr unsigned kMostThreads = 4;
constexpr int kMostTasks = 4;

thread_local bool on_shared_heap_thread = false;

// One BuildShared call. It lives on the caller's stack: handing work over allocates nothing,
// since a chunk that one thread allocates and another frees changes hands (see the header).
struct Build {
  explicit Build(const std::function<void()>& work) : work(work) {}
  const std::function<void()>& work;
  Build* next = nullptr;
  std::exception_ptr error;
  bool done = false;
  std::condition_variable finished;
};

struct alignas(kCacheLine) Pool {  // its own cache lines: routing threads read it on a miss
  std::mutex mutex;
  std::condition_variable wake;
  Build* first = nullptr;  // builds not yet started, oldest first
  Build* last = nullptr;
  void (*tasks[kMostTasks])() = {};
  int task_count = 0;
  unsigned threads = 0;
  unsigned idle = 0;
};

Pool* the_pool = nullptr;

// A forked child has none of the parent's threads, and the old pool's mutex may have been held
// by one of them: the child starts a pool of its own (the old one is left as it is).
void StartAfresh() { the_pool = new Pool; }

Pool& ThePool() {
  static std::once_flag once;
  std::call_once(once, [] {
    StartAfresh();
    pthread_atfork(nullptr, nullptr, StartAfresh);
  });
  return *the_pool;
}

unsigned MostThreads() { return std::clamp(std::thread::hardware_concurrency(), 1u, kMostThreads); }

void Serve(Pool* pool) {
  on_shared_heap_thread = true;
  std::unique_lock<std::mutex> lock(pool->mutex);
  for (;;) {
    if (Build* build = pool->first) {
      pool->first = build->next;
      if (!pool->first) pool->last = nullptr;
      lock.unlock();
      try {
        build->work();
      } catch (...) {
        build->error = std::current_exception();
      }
      lock.lock();
      build->done = true;
      build->finished.notify_one();  // under the lock: the caller cannot have left yet
    } else if (pool->task_count > 0) {
      void (*task)() = pool->tasks[0];
      std::copy(pool->tasks + 1, pool->tasks + pool->task_count, pool->tasks);
      --pool->task_count;
      lock.unlock();
      try {
        task();
      } catch (...) {  // a task that fails is tried again when it is next scheduled
      }
      lock.lock();
    } else {
      ++pool->idle;
      pool->wake.wait(lock);
      --pool->idle;
    }
  }
}

// Under the pool's lock: whether a thread will take work queued now (one is woken or started).
bool Ready(Pool& pool) {
  if (pool.idle > 0) {
    pool.wake.notify_one();
    return true;
  }
  if (pool.threads < MostThreads()) {
    try {
      std::thread(Serve, &pool).detach();
      ++pool.threads;
      return true;
    } catch (const std::system_error&) {
    }
  }
  return pool.threads > 0;
}

}  // namespace

void BuildShared(const std::function<void()>& build) {
  if (on_shared_heap_thread) return build();
  Pool& pool = ThePool();
  Build job(build);
  std::unique_lock<std::mutex> lock(pool.mutex);
  if (!Ready(pool)) {
    lock.unlock();
    return build();
  }
  (pool.last ? pool.last->next : pool.first) = &job;
  pool.last = &job;
  job.finished.wait(lock, [&] { return job.done; });
  lock.unlock();
  if (job.error) std::rethrow_exception(job.error);
}

void ScheduleShared(void (*task)()) {
  Pool& pool = ThePool();
  std::unique_lock<std::mutex> lock(pool.mutex);
  if (std::find(pool.tasks, pool.tasks + pool.task_count, task) != pool.tasks + pool.task_count) return;
  if (pool.task_count == kMostTasks || !Ready(pool)) {
    lock.unlock();
    task();
    return;
  }
  pool.tasks[pool.task_count++] = task;
}

}  // namespace sqlroute
