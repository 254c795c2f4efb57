#include "error_translation.h"

#include "python_types.h"

namespace py = pybind11;

namespace sqlroute::bindings {
namespace {

void RaisePythonError(const Error& error) {
  py::object exception = ToPythonError(error);
  PyErr_SetObject(reinterpret_cast<PyObject*>(Py_TYPE(exception.ptr())), exception.ptr());
}

constexpr ErrorCode kAllCodes[] = {
#define SQLROUTE_ERROR(name, category, ss_code) ErrorCode::name,
#include "sqlroute/errors.def"
#undef SQLROUTE_ERROR
};

}  // namespace

py::object ToPythonError(const Error& error) {
  py::object position = py::none();
  if (error.position()) position = py::make_tuple(error.position()->line, error.position()->column);
  py::object path = py::none();
  if (!error.config_path().empty()) path = py::str(error.config_path());
  return Types().error_factory(std::string(ErrorCodeName(error.code())), std::string(CategoryName(error.category())),
                               error.message(), position, path);
}

void RegisterErrorTranslation(py::module_& module) {
  py::register_exception_translator([](std::exception_ptr pending) {
    if (!pending) return;
    try {
      std::rethrow_exception(pending);
    } catch (const Error& error) {
      try {
        RaisePythonError(error);
      } catch (py::error_already_set& failure) {
        failure.restore();  // the factory itself failed: surface that error
      }
    }
  });
  module.def(
      "error_codes",
      [] {
        py::list result;
        for (ErrorCode code : kAllCodes) {
          result.append(py::make_tuple(std::string(ErrorCodeName(code)), std::string(CategoryName(CategoryOf(code))),
                                       ShardingSphereCode(code)));
        }
        return result;
      },
      "The error catalogue: (code, category, ShardingSphere code or 0) for every code.");
}

}  // namespace sqlroute::bindings
