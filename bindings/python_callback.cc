#include "python_callback.h"

#include <optional>

namespace py = pybind11;

namespace sqlroute::bindings {
namespace {

constexpr ErrorCode kAllCodes[] = {
#define SQLROUTE_ERROR(name, category, ss_code) ErrorCode::name,
#include "sqlroute/errors.def"
#undef SQLROUTE_ERROR
};

// The catalogue code a raised sqlroute.Error carries, if any.
std::optional<ErrorCode> CodeOf(const py::object& exception) {
  if (!py::hasattr(exception, "code")) return std::nullopt;
  py::object code = exception.attr("code");
  if (!py::isinstance<py::str>(code)) return std::nullopt;
  std::string name = code.cast<std::string>();
  for (ErrorCode each : kAllCodes) {
    if (ErrorCodeName(each) == name) return each;
  }
  return std::nullopt;
}

std::string Scrub(std::string text, const std::vector<std::string>& secrets) {
  for (const std::string& secret : secrets) {
    if (secret.empty()) continue;
    for (std::size_t at = text.find(secret); at != std::string::npos; at = text.find(secret, at)) {
      text.replace(at, secret.size(), "******");
    }
  }
  return text;
}

}  // namespace

PythonRef::~PythonRef() {
  std::optional<py::gil_scoped_acquire> gil;
  if (!TryAcquireGil(gil)) {
    object_.release();
    return;
  }
  object_ = py::object();
}

Error TranslatePythonError(py::error_already_set& error, const CallbackOrigin& origin, const std::string& step,
                           ErrorCode fallback, const std::string& path) {
  py::object exception = error.value();
  std::optional<ErrorCode> code = CodeOf(exception);
  std::string detail;
  if (code && py::hasattr(exception, "message")) {
    detail = py::str(exception.attr("message")).cast<std::string>();
  } else {
    detail = std::string(py::str(exception.get_type().attr("__name__"))) + ": " + std::string(py::str(exception));
  }
  std::string message =
      Scrub(Message<msg::CallbackFailed>(arg::origin = origin.what, arg::step = step, arg::detail = detail).message,
            origin.secrets);
  ErrorCode chosen = code.value_or(fallback);
  if (!path.empty() && CategoryOf(chosen) == ErrorCategory::Config) return Error(chosen, message, path);
  return Error(chosen, message);
}

}  // namespace sqlroute::bindings
