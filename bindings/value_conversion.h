#pragma once
// Python objects <-> sqlroute::Value, following the mapping documented in sqlroute/__init__.py.
#include <pybind11/pybind11.h>

#include <string>
#include <vector>

#include "sqlroute/value.h"

namespace sqlroute::bindings {

// Must run once at module import (imports the CPython datetime API).
void InitValueConversion();

// Converts one Python object; `where` names it in error messages ("params[2]").
// Throws TypeError for unsupported types and ValueError for unrepresentable values.
Value ToValue(pybind11::handle object, const std::string& where);
// Converts every item of an iterable; items are named `where[i]`.
std::vector<Value> ToValues(pybind11::handle iterable, const std::string& where);

pybind11::object ToPython(const Value& value);
pybind11::list ToPythonList(const std::vector<Value>& values);

void RegisterValueFunctions(pybind11::module_& module);

}  // namespace sqlroute::bindings
