#include "common/shared_heap.h"

#include <pthread.h>
#include <sched.h>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <condition_variable>
#include <exception>
#include <mutex>
#include <system_error>
#include <thread>

#include "common/cache_line.h"

namespace sqlroute {
namespace {

constexpr int kMostTasks = 4;
// Waking a sleeping thread costs 30-70 us on a virtual machine, more than most work handed
// over here (10-25 us): a caller waits this long for its work before it sleeps, and the
// shared-heap thread this long for more work (a burst of new statement shapes keeps it busy).
constexpr auto kCallerSpin = std::chrono::microseconds(200);
constexpr auto kServerSpin = std::chrono::microseconds(100);

thread_local bool on_shared_heap_thread = false;

// Calls `ready` until it says yes or `limit` has passed; says which. It yields between calls:
// when the thread it waits for shares its CPU, that thread runs.
template <typename Ready>
bool SpinFor(std::chrono::microseconds limit, Ready&& ready) {
  auto deadline = std::chrono::steady_clock::now() + limit;
  for (unsigned i = 1;; ++i) {
    if (ready()) return true;
    std::this_thread::yield();
    if (i % 8 == 0 && std::chrono::steady_clock::now() > deadline) return false;
  }
}

// One BuildShared call. It lives on the caller's stack: handing work over allocates nothing,
// since a chunk that one thread allocates and another frees changes hands (see the header).
struct Build {
  explicit Build(const std::function<void()>& work) : work(work) {}
  const std::function<void()>& work;
  Build* next = nullptr;
  std::exception_ptr error;
  std::atomic<bool> done{false};
  std::condition_variable finished;
};

struct alignas(kCacheLine) Pool {  // its own cache lines: routing threads read it on a miss
  std::mutex mutex;
  std::condition_variable wake;
  Build* first = nullptr;  // builds not yet started, oldest first
  Build* last = nullptr;
  void (*tasks[kMostTasks])() = {};
  int task_count = 0;
  std::atomic<int> queued{0};  // builds and tasks waiting; read without the lock while spinning
  bool started = false;
  bool sleeping = false;
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

// Whether this process may run on more than one CPU: on one, a caller would spin against the
// very thread it waits for.
bool SeveralCpus() {
  static const bool several = [] {
    cpu_set_t cpus;
    return sched_getaffinity(0, sizeof(cpus), &cpus) == 0 && CPU_COUNT(&cpus) > 1;
  }();
  return several;
}

void Serve(Pool* pool) {
  on_shared_heap_thread = true;
  std::unique_lock<std::mutex> lock(pool->mutex);
  for (;;) {
    if (Build* build = pool->first) {
      pool->first = build->next;
      if (!pool->first) pool->last = nullptr;
      pool->queued.fetch_sub(1, std::memory_order_relaxed);
      lock.unlock();
      try {
        build->work();
      } catch (...) {
        build->error = std::current_exception();
      }
      lock.lock();
      build->done.store(true, std::memory_order_release);
      build->finished.notify_one();  // under the lock: a sleeping caller cannot have left yet
    } else if (pool->task_count > 0) {
      void (*task)() = pool->tasks[0];
      std::copy(pool->tasks + 1, pool->tasks + pool->task_count, pool->tasks);
      --pool->task_count;
      pool->queued.fetch_sub(1, std::memory_order_relaxed);
      lock.unlock();
      try {
        task();
      } catch (...) {  // a task that fails is tried again when it is next scheduled
      }
      lock.lock();
    } else {
      lock.unlock();
      bool found = SpinFor(kServerSpin, [&] { return pool->queued.load(std::memory_order_relaxed) > 0; });
      lock.lock();
      if (found || pool->first || pool->task_count > 0) continue;
      pool->sleeping = true;
      pool->wake.wait(lock);
      pool->sleeping = false;
    }
  }
}

// Under the pool's lock: whether the thread will take work queued now (it is busy and comes
// back for it, or is looking for work, or is woken, or is started).
bool Ready(Pool& pool) {
  if (pool.sleeping) {
    pool.wake.notify_one();
    return true;
  }
  if (pool.started) return true;
  if (!SeveralCpus()) return false;
  try {
    std::thread(Serve, &pool).detach();
  } catch (const std::system_error&) {
    return false;
  }
  pool.started = true;
  return true;
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
  pool.queued.fetch_add(1, std::memory_order_relaxed);
  lock.unlock();
  SpinFor(kCallerSpin, [&] { return job.done.load(std::memory_order_acquire); });
  lock.lock();
  job.finished.wait(lock, [&] { return job.done.load(std::memory_order_acquire); });
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
  pool.queued.fetch_add(1, std::memory_order_relaxed);
}

}  // namespace sqlroute
