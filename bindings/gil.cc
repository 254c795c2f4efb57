#include "gil.h"

#include <atomic>
#include <chrono>
#include <thread>

namespace py = pybind11;

namespace sqlroute::bindings {
namespace {

std::atomic<bool> exiting{false};
std::atomic<int> taking_gil{0};  // threads between the exit check and holding the GIL
std::atomic<int> in_python{0};   // engine threads inside a call into Python (GilAcquire)
// Whether this thread is a daemon thread (threading's flag, read once with the GIL held); a
// thread never seen by GilRelease (one of C++'s own) counts as one, as threading sees it.
thread_local int daemon_thread = -1;

bool IsFinalizing() {
#if PY_VERSION_HEX >= 0x030D0000
  return Py_IsFinalizing();
#else
  return _Py_IsFinalizing();
#endif
}

// Call with the GIL held.
bool CurrentThreadIsDaemon() {
  try {
    return py::module_::import("threading").attr("current_thread")().attr("daemon").cast<bool>();
  } catch (const py::error_already_set&) {
    return true;
  }
}

// Runs `take` (which takes the GIL) unless the interpreter is exiting and this is a daemon
// thread: non-daemon threads were joined before exit began, or belong to atexit callbacks.
// The counter and the flag are sequentially consistent: either the hook sees this thread
// counted and waits for it, or this thread sees the flag.
template <typename Take>
bool EnterPython(Take&& take) {
  taking_gil.fetch_add(1);
  if (exiting.load() && daemon_thread != 0) {
    taking_gil.fetch_sub(1);
    return false;
  }
  take();
  taking_gil.fetch_sub(1);
  return true;
}

[[noreturn]] void ParkForever() {
  for (;;) std::this_thread::sleep_for(std::chrono::hours(24));
}

}  // namespace

GilRelease::GilRelease() {
  if (daemon_thread < 0) daemon_thread = CurrentThreadIsDaemon() ? 1 : 0;
  state_ = PyEval_SaveThread();
}

GilRelease::~GilRelease() {
  if (!EnterPython([&] { PyEval_RestoreThread(state_); })) ParkForever();
}

GilAcquire::GilAcquire() {
  if (!EnterPython([&] { acquire_.emplace(); })) ParkForever();
  in_python.fetch_add(1);
}

GilAcquire::~GilAcquire() { in_python.fetch_sub(1); }  // the GIL goes after, with acquire_

bool TryAcquireGil(std::optional<py::gil_scoped_acquire>& gil) {
  if (!Py_IsInitialized() || IsFinalizing()) return false;
  return EnterPython([&] { gil.emplace(); });
}

void RegisterExitGuard(py::module_& module) {
  py::module_::import("atexit").attr("register")(py::cpp_function([] {
    daemon_thread = 0;  // the exiting thread goes on running the remaining atexit callbacks
    exiting.store(true);
    // Lets the threads already taking the GIL, and those inside a Python algorithm, finish:
    // finalization would end them there with a forced unwind through engine frames. A
    // callback that never returns holds the exit up 2 s at most.
    GilRelease release;
    auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(2);
    while (taking_gil.load() != 0 || (in_python.load() != 0 && std::chrono::steady_clock::now() < deadline)) {
      std::this_thread::yield();
    }
  }));
}

}  // namespace sqlroute::bindings
