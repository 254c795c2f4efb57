// The native module sqlroute._core: thin shims over the C++ API. Ergonomics live in the
// pure-Python package (python/sqlroute/).
#include <pybind11/pybind11.h>

namespace py = pybind11;

PYBIND11_MODULE(_core, module) {
  module.doc() = "sqlroute native core";
  module.attr("__version__") = "0.1.0";
}
