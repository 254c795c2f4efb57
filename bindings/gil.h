#pragma once
// Taking the GIL back safely at interpreter exit.
//
// Once Python finalizes, CPython (before 3.14) ends a thread that takes the GIL with
// pthread_exit, a forced unwind that aborts the process when it meets a C++ destructor (such
// as pybind11's gil_scoped_release in a daemon thread still inside engine.route()). So from the
// moment Python runs sqlroute's atexit callback, a daemon thread that would take the GIL again
// is parked for good instead, as CPython 3.14 itself does (gh-87135); the process exit ends it.
// The callback waits for threads already taking the GIL, and for engine threads inside a
// Python algorithm, so none is caught half-way when finalization starts. Non-daemon threads (joined before atexit runs, or started by other
// atexit callbacks) go on as usual.
#include <pybind11/pybind11.h>

#include <optional>

namespace sqlroute::bindings {

// pybind11::gil_scoped_release that never takes the GIL back once the interpreter exits.
class GilRelease {
 public:
  GilRelease();
  ~GilRelease();
  GilRelease(const GilRelease&) = delete;
  GilRelease& operator=(const GilRelease&) = delete;

 private:
  PyThreadState* state_;
};

// pybind11::gil_scoped_acquire for engine threads calling Python, with the same exit rule;
// the exit hook also waits for the calls under way to return.
class GilAcquire {
 public:
  GilAcquire();
  ~GilAcquire();
  GilAcquire(const GilAcquire&) = delete;
  GilAcquire& operator=(const GilAcquire&) = delete;

 private:
  std::optional<pybind11::gil_scoped_acquire> acquire_;
};

// Takes the GIL into `gil` unless the interpreter is exiting (then returns false, taking
// nothing): for destructors that may drop a Python reference or leak it.
bool TryAcquireGil(std::optional<pybind11::gil_scoped_acquire>& gil);

// Registers the atexit hook that starts the exit rule.
void RegisterExitGuard(pybind11::module_& module);

}  // namespace sqlroute::bindings
