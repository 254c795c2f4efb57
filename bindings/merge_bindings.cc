// _core.merge: the merge engine over Python results; sqlroute.merge wraps it.
#include <pybind11/pybind11.h>
#include <pybind11/stl.h>

#include "sqlroute/error_text.h"
#include "sqlroute/merge.h"
#include "value_conversion.h"

namespace py = pybind11;

namespace sqlroute::bindings {
namespace {

Collation CollationNamed(const std::string& name) {
  if (name == "general_ci") return Collation::GeneralCi;
  if (name == "binary") return Collation::Binary;
  throw Error(Message<msg::CollationUnknown>(arg::name = name));
}

// One unit's (columns, rows).
ResultSet UnitResult(py::handle result, const std::string& where) {
  auto parts = py::reinterpret_borrow<py::sequence>(result);
  if (parts.size() != 2) throw Error(Message<msg::UnitResultNotPair>(arg::path = where));
  ResultSet unit;
  unit.columns = parts[0].cast<std::vector<std::string>>();
  std::size_t index = 0;
  for (py::handle row : parts[1]) {
    unit.rows.push_back(ToValues(row, where + ".rows[" + std::to_string(index++) + "]"));
  }
  return unit;
}

ValueTransform PythonTransform(py::object transform) {
  if (transform.is_none()) return {};
  return [transform](std::size_t column, const Value& value) {
    return ToValue(transform(column, ToPython(value)), "transform result");
  };
}

py::tuple MergeResults(const Plan& plan, py::handle results, const std::string& collation, py::object transform) {
  std::vector<ResultSet> units;
  std::size_t index = 0;
  for (py::handle result : results) units.push_back(UnitResult(result, "results[" + std::to_string(index++) + "]"));
  MergeOptions options{CollationNamed(collation), PythonTransform(std::move(transform))};
  ResultSet merged;
  try {
    merged = Merge(plan.merge, std::move(units), options);
  } catch (const Error&) {
    throw;
  } catch (const py::error_already_set&) {
    throw;
  } catch (const py::builtin_exception&) {
    throw;
  } catch (const std::exception& error) {
    throw Error(Message<msg::UnexpectedMergeFailure>(arg::detail = error.what()));
  }
  py::list rows;
  for (const Row& row : merged.rows) rows.append(py::tuple(ToPythonList(row)));
  return py::make_tuple(merged.columns, rows);
}

}  // namespace

void RegisterMerge(py::module_& module) {
  module.def("merge", &MergeResults, py::arg("plan"), py::arg("results"), py::arg("collation") = "general_ci",
             py::arg("transform") = py::none(),
             "Merges [(columns, rows)] per unit into (columns, rows) following the plan's merge instructions.");
}

}  // namespace sqlroute::bindings
