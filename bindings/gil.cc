#include "gil.h"

#include <atomic>
#include <chrono>
#include <thread>

namespace py = pybind11;

namespace sqlroute::bindings {
namespace {

std::atomic<bool> exiting{false};
std::atomic<std::thread::id> exiting_thread{};
std::atomic<int> taking_gil{0};  // threads between the exit check and holding the GIL

bool IsFinalizing() {
#if PY_VERSION_HEX >= 0x030D0000
  return Py_IsFinalizing();
#else
  return _Py_IsFinalizing();
#endif
}

// Runs `take` (which takes the GIL) unless the interpreter is exiting and this is not the
// exiting thread. The counter and the flag are sequentially consistent: either the hook sees
// this thread counted and waits for it, or this thread sees the flag.
template <typename Take>
bool EnterPython(Take&& take) {
  taking_gil.fetch_add(1);
  if (exiting.load() && exiting_thread.load() != std::this_thread::get_id()) {
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

GilRelease::GilRelease() : state_(PyEval_SaveThread()) {}

GilRelease::~GilRelease() {
  if (!EnterPython([&] { PyEval_RestoreThread(state_); })) ParkForever();
}

GilAcquire::GilAcquire() {
  if (!EnterPython([&] { acquire_.emplace(); })) ParkForever();
}

bool TryAcquireGil(std::optional<py::gil_scoped_acquire>& gil) {
  if (!Py_IsInitialized() || IsFinalizing()) return false;
  return EnterPython([&] { gil.emplace(); });
}

void RegisterExitGuard(py::module_& module) {
  py::module_::import("atexit").attr("register")(py::cpp_function([] {
    exiting_thread.store(std::this_thread::get_id());
    exiting.store(true);
    GilRelease release;  // lets the threads already taking the GIL finish
    while (taking_gil.load() != 0) std::this_thread::yield();
  }));
}

}  // namespace sqlroute::bindings
