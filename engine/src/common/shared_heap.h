#pragma once
// Where the objects that routing threads share are built and freed (compiled rules, plan cache
// entries, statement models, observability settings): on a thread of their
// own, never on a routing thread.
//
// glibc's malloc gives each thread its own arena and hands a thread's freed chunks back to that
// same thread first. An object built by a routing thread therefore shares cache lines with the
// memory that thread writes for every statement (its plans, its scratch), and every other core
// that reads the object misses on it again and again. Two threads routing one cached statement
// ran 1.4-1.8x as fast as one that way; with the shared objects built here, 1.9-2.0x
// (bench/scaling_main.cc). Freeing them here too keeps their chunks from being handed to a
// routing thread for its own memory. One thread: its arena holds them all (two such threads
// freeing each other's chunks took 50 % more memory per cache entry).
//
// The thread starts when first needed and then waits for work; a forked child starts its own.
// Work is done in turn. Work asked for on that thread, or when it cannot run beside its caller
// (one CPU) or be started, runs on the calling thread. Work that may call into Python
// (algorithms, statement logs) needs its caller not to hold the GIL: the bindings release it
// around every engine call that gets here.
#include <functional>

namespace sqlroute {

// Runs `build` on the shared-heap thread and waits for it; rethrows what it throws.
void BuildShared(const std::function<void()>& build);

// Has the shared-heap thread run `task` soon, without waiting. A task already waiting to run
// is not added again.
void ScheduleShared(void (*task)());

}  // namespace sqlroute
