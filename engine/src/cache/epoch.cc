#include "cache/epoch.h"

#include <pthread.h>

#include <algorithm>
#include <atomic>
#include <cstdint>
#include <mutex>
#include <utility>
#include <vector>

#include "common/cache_line.h"
#include "common/shared_heap.h"

namespace sqlroute::cache {
namespace {

// One per thread that has ever entered a guard; reused after the thread ends, never freed.
struct alignas(kCacheLine) Record {
  std::atomic<uint64_t> epoch{0};  // the epoch the thread entered in; 0 = outside any guard
  std::atomic<bool> in_use{false};
  Record* next = nullptr;
};

// Every guard reads it; it takes whole cache lines (common/cache_line.h).
struct alignas(kCacheLine) Domain {
  std::atomic<uint64_t> global{1};
  std::atomic<Record*> records{nullptr};
  std::mutex mutex;  // guards `retired`
  std::vector<std::pair<uint64_t, std::shared_ptr<const void>>> retired;  // (epoch when retired, object)
  std::atomic<std::size_t> pending{0};  // retired.size(), readable without the lock
};

// Never destroyed: threads and static destructors may still retire or leave guards at exit.
// A fork waits for the lock, so that the child does not inherit it held by a thread it does
// not have (the shared-heap thread reclaims at any time).
Domain& TheDomain() {
  static Domain* domain = [] {
    auto* made = new Domain;
    pthread_atfork([] { TheDomain().mutex.lock(); }, [] { TheDomain().mutex.unlock(); },
                   [] { TheDomain().mutex.unlock(); });
    return made;
  }();
  return *domain;
}

Record* AcquireRecord(Domain& domain) {
  for (Record* record = domain.records.load(std::memory_order_acquire); record; record = record->next) {
    bool expected = false;
    if (!record->in_use.load(std::memory_order_relaxed) &&
        record->in_use.compare_exchange_strong(expected, true, std::memory_order_acquire)) {
      return record;
    }
  }
  auto* record = new Record;
  record->in_use.store(true, std::memory_order_relaxed);
  Record* head = domain.records.load(std::memory_order_relaxed);
  do {
    record->next = head;
  } while (!domain.records.compare_exchange_weak(head, record, std::memory_order_release, std::memory_order_relaxed));
  return record;
}

struct ThreadState {
  Record* record = nullptr;
  int depth = 0;
  uint32_t skip = 0;     // guard exits to let pass before trying to reclaim again
  uint32_t backoff = 0;  // grows while other threads' guards keep retired objects alive
  ~ThreadState() {
    if (!record) return;
    record->epoch.store(0, std::memory_order_release);
    record->in_use.store(false, std::memory_order_release);
  }
};

thread_local ThreadState tls_state;

// Frees what no active guard can still see; runs on a shared-heap thread (common/shared_heap.h),
// where the retired objects were built.
void ReclaimSafe() {
  Domain& domain = TheDomain();
  std::vector<std::shared_ptr<const void>> doomed;
  {
    std::lock_guard<std::mutex> lock(domain.mutex);
    if (domain.retired.empty()) return;
    // Pairs with the fence in EpochGuard(): a reader whose entry this scan misses loads the
    // pointers after the objects were unlinked, so it cannot hold them.
    std::atomic_thread_fence(std::memory_order_seq_cst);
    uint64_t oldest = UINT64_MAX;
    for (Record* record = domain.records.load(std::memory_order_acquire); record; record = record->next) {
      uint64_t epoch = record->epoch.load(std::memory_order_seq_cst);
      if (epoch != 0 && epoch < oldest) oldest = epoch;
    }
    auto& retired = domain.retired;
    std::size_t kept = 0;
    for (auto& each : retired) {
      if (each.first < oldest) {
        doomed.push_back(std::move(each.second));
      } else {
        retired[kept++] = std::move(each);
      }
    }
    retired.resize(kept);
    domain.pending.store(kept, std::memory_order_relaxed);
  }
  doomed.clear();  // destructors run outside the lock (they may be long, or retire in turn)
}

}  // namespace

EpochGuard::EpochGuard() {
  ThreadState& state = tls_state;
  if (state.depth++ > 0) return;
  Domain& domain = TheDomain();
  if (!state.record) state.record = AcquireRecord(domain);
  state.record->epoch.store(domain.global.load(std::memory_order_seq_cst), std::memory_order_relaxed);
  std::atomic_thread_fence(std::memory_order_seq_cst);
}

EpochGuard::~EpochGuard() {
  ThreadState& state = tls_state;
  if (--state.depth > 0) return;
  state.record->epoch.store(0, std::memory_order_release);
  if (TheDomain().pending.load(std::memory_order_relaxed) == 0) {
    state.backoff = 0;
    return;
  }
  // Another thread's long guard can hold retired objects for a while: back off rather than
  // ask for a reclaim at the end of every statement meanwhile.
  if (state.skip > 0) {
    --state.skip;
    return;
  }
  ScheduleShared(ReclaimSafe);
  state.backoff = state.backoff == 0 ? 1 : std::min<uint32_t>(state.backoff * 2, 64);
  state.skip = state.backoff;
}

void Retire(std::shared_ptr<const void> object) {
  if (!object) return;
  Domain& domain = TheDomain();
  {
    std::lock_guard<std::mutex> lock(domain.mutex);
    // Readers that enter from now on read an epoch above `tag`, and find the object unlinked.
    uint64_t tag = domain.global.fetch_add(1, std::memory_order_seq_cst);
    domain.retired.emplace_back(tag, std::move(object));
    domain.pending.store(domain.retired.size(), std::memory_order_relaxed);
  }
  if (tls_state.depth == 0) ScheduleShared(ReclaimSafe);
}

std::size_t ReclaimRetired() {
  BuildShared(ReclaimSafe);
  return TheDomain().pending.load(std::memory_order_relaxed);
}

}  // namespace sqlroute::cache
