#include "observe/tick_clock.h"

#include <thread>

#if defined(__x86_64__)
#include <cpuid.h>
#endif

namespace sqlroute::observe {

bool InvariantTsc() {
#if defined(__x86_64__)
  unsigned eax = 0, ebx = 0, ecx = 0, edx = 0;
  if (__get_cpuid_max(0x80000000, nullptr) < 0x80000007) return false;
  __get_cpuid(0x80000007, &eax, &ebx, &ecx, &edx);
  return (edx & (1u << 8)) != 0;
#else
  return false;
#endif
}

namespace {

double MeasureNanosPerTick() {
  if (!kTicksAreTsc) return 1.0;
#if defined(__x86_64__)
  using Steady = std::chrono::steady_clock;
  Steady::time_point start = Steady::now();
  uint64_t start_ticks = __rdtsc();
  std::this_thread::sleep_for(std::chrono::milliseconds(2));
  uint64_t ticks = __rdtsc() - start_ticks;
  double nanos = static_cast<double>(std::chrono::duration_cast<std::chrono::nanoseconds>(Steady::now() - start).count());
  return ticks > 0 ? nanos / static_cast<double>(ticks) : 1.0;
#else
  return 1.0;
#endif
}

}  // namespace

double NanosPerTick() {
  static const double rate = MeasureNanosPerTick();
  return rate;
}

}  // namespace sqlroute::observe
