#pragma once
// Heap allocations made by the calling thread so far (operator new, replaced in
// bench/alloc_counter.cc for the benchmark binary): benchmarks report them per statement.
#include <cstdint>

namespace sqlroute::bench {

uint64_t AllocationsOnThisThread();

}  // namespace sqlroute::bench
