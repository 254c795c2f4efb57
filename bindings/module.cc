// The native module sqlroute._core: thin shims over the C++ API. Ergonomics live in the
// pure-Python package (python/sqlroute/), which configures this module at import time.
#include <pybind11/pybind11.h>

#include "error_translation.h"
#include "gil.h"
#include "python_types.h"
#include "value_conversion.h"

namespace py = pybind11;

namespace sqlroute::bindings {
void RegisterAlgorithms(py::module_& module);
void RegisterEngine(py::module_& module);
void RegisterMerge(py::module_& module);
void RegisterObservability(py::module_& module);
void RegisterParse(py::module_& module);
void RegisterRulesCheck(py::module_& module);
void RegisterRulesOutline(py::module_& module);
void RegisterSession(py::module_& module);
}  // namespace sqlroute::bindings

PYBIND11_MODULE(_core, module) {
  using namespace sqlroute::bindings;
  module.doc() = "sqlroute native core: use the `sqlroute` package instead.";
  module.attr("__version__") = SQLROUTE_VERSION;
  InitValueConversion();
  RegisterPythonTypes(module);
  RegisterErrorTranslation(module);
  RegisterExitGuard(module);
  RegisterValueFunctions(module);
  RegisterSession(module);
  RegisterEngine(module);
  RegisterObservability(module);
  RegisterAlgorithms(module);
  RegisterRulesCheck(module);
  RegisterRulesOutline(module);
  RegisterMerge(module);
  RegisterParse(module);
}
