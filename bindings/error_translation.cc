#include "error_translation.h"

#include <map>
#include <optional>
#include <utility>
#include <vector>

#include <pybind11/stl.h>

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
  module.def(
      "error_python_builtins",
      [] {
        py::list result;
#define SQLROUTE_PYTHON_BUILTIN(code, builtin) result.append(py::make_tuple(#code, #builtin));
#include "sqlroute/error_python.def"
#undef SQLROUTE_PYTHON_BUILTIN
        return result;
      },
      "(code, builtin): the codes whose Python class also derives from ValueError or TypeError.");
  module.def(
      "error",
      [](const std::string& message, const std::map<std::string, std::string>& args) {
        std::vector<std::pair<std::string, std::string>> list(args.begin(), args.end());
        std::optional<ErrorText> text = MessageNamed(message, list);
        if (!text) {
          std::string names;
          for (const auto& each : list) names += (names.empty() ? "" : ", ") + each.first;
          throw Error(Message<msg::UnexpectedEngineFailure>(
              arg::detail = "no catalogue message `" + message + "` takes the arguments (" + names + ")"));
        }
        return ToPythonError(Error(*std::move(text)));
      },
      py::arg("message"), py::arg("args"),
      "The sqlroute.Error of catalogue message `message` (error_messages.def) with `args` {name: text}.");
}

}  // namespace sqlroute::bindings
