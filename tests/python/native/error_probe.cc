// _error_probe.raise_error: throws sqlroute::Error for any catalogue code. The error leaves this
// module as a C++ exception, so the translator that sqlroute._core registers with pybind11 turns
// it into Python's sqlroute.Error subclass; test_errors.py checks that for every code.
#include <pybind11/pybind11.h>

#include <string>

#include "sqlroute/error.h"

namespace py = pybind11;

namespace {

constexpr sqlroute::ErrorCode kAllCodes[] = {
#define SQLROUTE_ERROR(name, category, ss_code) sqlroute::ErrorCode::name,
#include "sqlroute/errors.def"
#undef SQLROUTE_ERROR
};

void RaiseError(const std::string& code_name, const std::string& message, int line, int column,
                const std::string& path) {
  for (sqlroute::ErrorCode code : kAllCodes) {
    if (sqlroute::ErrorCodeName(code) != code_name) continue;
    if (line > 0) throw sqlroute::Error(code, message, sqlroute::SourcePosition{line, column, 0});
    if (!path.empty()) throw sqlroute::Error(code, message, path);
    throw sqlroute::Error(code, message);
  }
  throw py::value_error("unknown error code " + code_name);
}

}  // namespace

PYBIND11_MODULE(_error_probe, module) {
  module.doc() = "Test-only: throws C++ sqlroute errors for sqlroute._core to translate.";
  module.def("raise_error", &RaiseError, py::arg("code"), py::arg("message"), py::arg("line") = 0,
             py::arg("column") = 0, py::arg("path") = "",
             "Throws sqlroute::Error(code, message) with a position (line > 0) or a config path.");
}
