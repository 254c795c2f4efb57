// _core.check_yaml_file / check_yaml_string / check_distsql: every problem of a rule text
// (RuleSet::Check*), as [(sqlroute.ConfigError, line, column)], checked with the GIL released.
#include <pybind11/pybind11.h>

#include "error_translation.h"
#include "gil.h"
#include "sqlroute/rule_set.h"

namespace py = pybind11;

namespace sqlroute::bindings {
namespace {

template <typename Check>
py::list Problems(Check&& check) {
  std::vector<ConfigProblem> problems;
  {
    GilRelease release;
    problems = GuardEngineCall(check);
  }
  py::list result;
  for (const ConfigProblem& each : problems) {
    result.append(py::make_tuple(ToPythonError(each.error), each.line, each.column));
  }
  return result;
}

}  // namespace

void RegisterRulesCheck(py::module_& module) {
  module.def(
      "check_yaml_file", [](const std::string& path) { return Problems([&] { return RuleSet::CheckYamlFile(path); }); },
      py::arg("path"), "Every problem of a YAML rule file: [(error, line, column)] in text order.");
  module.def(
      "check_yaml_string",
      [](const std::string& text) { return Problems([&] { return RuleSet::CheckYamlString(text); }); },
      py::arg("text"), "Every problem of YAML rule text: [(error, line, column)] in text order.");
  module.def(
      "check_distsql",
      [](const std::string& script) { return Problems([&] { return RuleSet::CheckDistSql(script); }); },
      py::arg("script"), "Every problem of a DistSQL script: [(error, line, column)] in text order.");
}

}  // namespace sqlroute::bindings
