#pragma once
// Whether this process may run on one CPU only (its affinity): shared-heap work then runs on
// the calling thread (common/shared_heap.h).
#include <sched.h>

namespace sqlroute::testing_support {

inline bool OneCpu() {
  cpu_set_t cpus;
  return sched_getaffinity(0, sizeof(cpus), &cpus) == 0 && CPU_COUNT(&cpus) == 1;
}

}  // namespace sqlroute::testing_support
