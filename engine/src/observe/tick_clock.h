#pragma once
// A cheap monotonic clock for stage durations: the invariant TSC on x86-64 (a quarter of the
// cost of steady_clock, which dominated the cost of metrics), steady_clock elsewhere or when
// the TSC is not invariant. Ticks become nanoseconds through a rate measured once.
#include <chrono>
#include <cstdint>

#if defined(__x86_64__)
#include <x86intrin.h>
#endif

namespace sqlroute::observe {

// Nanoseconds per tick (1 when ticks are steady_clock nanoseconds); measured on first use.
double NanosPerTick();
bool InvariantTsc();
inline const bool kTicksAreTsc = InvariantTsc();  // set at start-up: no guard in Ticks()

inline uint64_t Ticks() {
#if defined(__x86_64__)
  if (kTicksAreTsc) return __rdtsc();
#endif
  return static_cast<uint64_t>(
      std::chrono::duration_cast<std::chrono::nanoseconds>(std::chrono::steady_clock::now().time_since_epoch()).count());
}

inline uint64_t TicksToNanos(uint64_t ticks) { return static_cast<uint64_t>(static_cast<double>(ticks) * NanosPerTick()); }

}  // namespace sqlroute::observe
