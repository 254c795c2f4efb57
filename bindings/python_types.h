#pragma once
// Python classes the native layer needs but does not own: the typed integer wrappers and the
// error factory live in the pure-Python package, which hands them over once at import time
// through `_core._configure(...)`.
#include <pybind11/pybind11.h>

namespace sqlroute::bindings {

struct PythonTypes {
  pybind11::handle int_type;       // sqlroute.Int: forces java.lang.Integer
  pybind11::handle long_type;      // sqlroute.Long: forces java.lang.Long
  pybind11::handle bigint_type;    // sqlroute.BigInt: forces java.math.BigInteger
  pybind11::handle decimal_type;   // decimal.Decimal
  pybind11::handle error_factory;  // sqlroute.errors._from_native
  bool configured = false;
};

// The registered classes; throws RuntimeError when the package has not configured them.
const PythonTypes& Types();

void RegisterPythonTypes(pybind11::module_& module);

}  // namespace sqlroute::bindings
