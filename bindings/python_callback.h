#pragma once
// Calling Python from engine threads: a reference to a Python object that C++ may own and
// destroy without the GIL (even after the interpreter has shut down), and a call wrapper that
// takes the GIL and turns a Python exception into a sqlroute::Error.
#include <pybind11/pybind11.h>

#include <memory>
#include <string>
#include <utility>
#include <vector>

#include "gil.h"
#include "sqlroute/error_text.h"

namespace sqlroute::bindings {

// Owns one Python reference. Dropping it takes the GIL, or leaks the reference when the
// interpreter is exiting (objects held by static registries outlive Python; see gil.h).
class PythonRef {
 public:
  explicit PythonRef(pybind11::object object) : object_(std::move(object)) {}
  PythonRef(const PythonRef&) = delete;
  PythonRef& operator=(const PythonRef&) = delete;
  ~PythonRef();

  const pybind11::object& get() const { return object_; }

 private:
  pybind11::object object_;
};

// Where a callback runs, for error messages: "sharding algorithm `PY_MOD`".
struct CallbackOrigin {
  std::string what;
  std::vector<std::string> secrets;  // prop values scrubbed from error messages
};

// The Python exception being handled as a sqlroute::Error: a sqlroute.Error keeps its code
// (a config code keeps `path`), anything else becomes `fallback` with the exception's type and
// message. Secret prop values are masked. Call with the GIL held.
Error TranslatePythonError(pybind11::error_already_set& error, const CallbackOrigin& origin, const std::string& step,
                           ErrorCode fallback, const std::string& path = "");

// Runs `call(object)` with the GIL held; Python exceptions become sqlroute::Error.
template <typename Call>
auto CallPython(const PythonRef& ref, const CallbackOrigin& origin, const std::string& step, Call&& call)
    -> decltype(call(ref.get())) {
  GilAcquire gil;
  try {
    return call(ref.get());
  } catch (pybind11::error_already_set& error) {
    throw TranslatePythonError(error, origin, step, ErrorCode::INTERNAL_ERROR);
  } catch (const pybind11::cast_error&) {
    throw Error(Message<msg::CallbackWrongType>(arg::origin = origin.what, arg::step = step));
  } catch (const pybind11::builtin_exception& error) {  // a returned value that does not convert
    throw Error(
        Message<msg::CallbackReturned>(arg::origin = origin.what, arg::step = step, arg::detail = error.what()));
  }
}

}  // namespace sqlroute::bindings
