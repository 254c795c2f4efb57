#pragma once
// _core.Session: one native sqlroute::Session per Python session, with a mutex so that route
// calls sharing a session from several threads (the GIL is released) take turns.
#include <pybind11/pybind11.h>

#include <mutex>

#include "sqlroute/session.h"

namespace sqlroute::bindings {

struct SessionHandle {
  Session state;
  std::mutex mutex;
};

void RegisterSession(pybind11::module_& module);

}  // namespace sqlroute::bindings
