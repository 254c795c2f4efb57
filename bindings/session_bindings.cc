// _core.Session: the fields of sqlroute::Session as Python attributes. Times are seconds; the
// last write is a point on the time.monotonic() clock (both are CLOCK_MONOTONIC on Linux).
#include <pybind11/pybind11.h>
#include <pybind11/stl.h>

#include <chrono>

#include "session_binding.h"
#include "sqlroute/error_text.h"

namespace py = pybind11;

namespace sqlroute::bindings {
namespace {

using Seconds = std::chrono::duration<double>;

// Reads or writes the session under its lock, with the GIL kept (the lock is held briefly).
template <typename Access>
auto Locked(SessionHandle& handle, Access&& access) {
  std::lock_guard<std::mutex> lock(handle.mutex);
  return access(handle.state);
}

std::optional<double> LastWrite(SessionHandle& handle) {
  return Locked(handle, [](Session& s) -> std::optional<double> {
    if (!s.last_write) return std::nullopt;
    return Seconds(s.last_write->time_since_epoch()).count();
  });
}

void SetLastWrite(SessionHandle& handle, std::optional<double> at) {
  Locked(handle, [&](Session& s) {
    if (!at) {
      s.last_write.reset();
      return;
    }
    s.last_write = std::chrono::steady_clock::time_point(
        std::chrono::duration_cast<std::chrono::steady_clock::duration>(Seconds(*at)));
  });
}

}  // namespace

void RegisterSession(py::module_& module) {
  py::class_<SessionHandle>(module, "Session", "Per-connection transaction state (native); sqlroute.Session wraps it.")
      .def(py::init<>())
      .def_property(
          "in_transaction", [](SessionHandle& h) { return Locked(h, [](Session& s) { return s.in_transaction; }); },
          [](SessionHandle& h, bool value) { Locked(h, [&](Session& s) { s.in_transaction = value; }); })
      .def_property(
          "fixed_replicas", [](SessionHandle& h) { return Locked(h, [](Session& s) { return s.fixed_replicas; }); },
          [](SessionHandle& h, std::map<std::string, std::string> value) {
            Locked(h, [&](Session& s) { s.fixed_replicas = std::move(value); });
          })
      .def_property(
          "read_after_write_affinity",
          [](SessionHandle& h) { return Locked(h, [](Session& s) { return s.read_after_write_affinity; }); },
          [](SessionHandle& h, bool value) { Locked(h, [&](Session& s) { s.read_after_write_affinity = value; }); })
      .def_property(
          "affinity_window",
          [](SessionHandle& h) { return Locked(h, [](Session& s) { return Seconds(s.affinity_window).count(); }); },
          [](SessionHandle& h, double seconds) {
            if (seconds < 0) {
              throw Error(Message<msg::AffinityWindowNegative>(arg::value = py::str(py::float_(seconds)).cast<std::string>()));
            }
            Locked(h, [&](Session& s) {
              s.affinity_window = std::chrono::duration_cast<std::chrono::milliseconds>(Seconds(seconds));
            });
          })
      .def_property("last_write", &LastWrite, &SetLastWrite);
}

}  // namespace sqlroute::bindings
