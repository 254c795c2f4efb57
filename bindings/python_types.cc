#include "python_types.h"

namespace py = pybind11;

namespace sqlroute::bindings {
namespace {

// Handles are kept for the life of the process on purpose: releasing them at interpreter
// shutdown, after the objects may already be gone, would be unsafe.
PythonTypes& MutableTypes() {
  static PythonTypes types;
  return types;
}

void Configure(py::object int_type, py::object long_type, py::object bigint_type, py::object error_factory) {
  PythonTypes& types = MutableTypes();
  types.int_type = int_type.release();
  types.long_type = long_type.release();
  types.bigint_type = bigint_type.release();
  types.error_factory = error_factory.release();
  types.decimal_type = py::object(py::module_::import("decimal").attr("Decimal")).release();
  types.configured = true;
}

}  // namespace

const PythonTypes& Types() {
  const PythonTypes& types = MutableTypes();
  if (!types.configured) throw std::runtime_error("sqlroute._core is used before `import sqlroute` configured it");
  return types;
}

void RegisterPythonTypes(py::module_& module) {
  module.def("_configure", &Configure, py::arg("int_type"), py::arg("long_type"), py::arg("bigint_type"),
             py::arg("error_factory"),
             "Called once by the sqlroute package: the typed integer classes and the error factory.");
}

}  // namespace sqlroute::bindings
