#pragma once
// Epoch-based reclamation for the engine's read path: Engine::Route reads the live rule
// snapshot and the plan cache through plain pointers, without a lock and without touching a
// reference count that other cores also write. Figure: 2 threads routing a cached prepared point
// select, 1.66x one thread with a shared_ptr count on the model, 1.83-1.88x without (bench/scaling_main.cc).
// A writer that replaces or evicts an object retires it; the object is
// destroyed once no thread is still inside an EpochGuard it entered before the object was
// retired. Guards nest, and are cheap: one thread-local record, one fence.
//
// Use: writer: publish the new object (an atomic store), then Retire(old). Reader: hold an
// EpochGuard while using pointers loaded inside it.
#include <memory>

namespace sqlroute::cache {

class EpochGuard {
 public:
  EpochGuard();
  ~EpochGuard();
  EpochGuard(const EpochGuard&) = delete;
  EpochGuard& operator=(const EpochGuard&) = delete;
};

// Drops `object` (this reference to it) once every thread that might still use it has left
// the guard it was in when `object` was retired. The object must already be unreachable for
// new readers. Destruction happens on a shared-heap thread (common/shared_heap.h), asked for by
// a later Retire or the end of a guard, outside any lock.
void Retire(std::shared_ptr<const void> object);

// Destroys every retired object that is safe to destroy now, and waits for that; returns how
// many remain.
std::size_t ReclaimRetired();

}  // namespace sqlroute::cache
