#pragma once
// sqlroute::Error -> the Python hierarchy rooted at sqlroute.Error (built by the package).
#include <pybind11/pybind11.h>

#include <exception>
#include <new>
#include <string>

#include "sqlroute/error_text.h"

namespace sqlroute::bindings {

void RegisterErrorTranslation(pybind11::module_& module);

// The sqlroute.Error subclass instance for `error` (built by sqlroute.errors._from_native).
pybind11::object ToPythonError(const Error& error);

// Runs an engine call; any non-sqlroute C++ exception becomes INTERNAL_ERROR so that Python
// never sees a bare RuntimeError/IndexError for an engine bug. Call without the GIL is fine.
template <typename Call>
auto GuardEngineCall(Call&& call) -> decltype(call()) {
  try {
    return call();
  } catch (const Error&) {
    throw;
  } catch (const std::bad_alloc&) {
    throw;
  } catch (const std::exception& error) {
    throw Error(Message<msg::UnexpectedEngineFailure>(arg::detail = error.what()));
  }
}

}  // namespace sqlroute::bindings
