#include "value_conversion.h"

// The CPython datetime API keeps its table in a per-translation-unit static: every use of
// the PyDateTime_* macros stays in this file.
#include <datetime.h>

#include <cstdio>
#include <limits>

#include "python_types.h"
#include "sqlroute/error_text.h"

namespace py = pybind11;

namespace sqlroute::bindings {
namespace {

std::string TypeName(py::handle object) { return Py_TYPE(object.ptr())->tp_name; }

std::string Digits(py::handle integer) {
  py::object text = py::reinterpret_steal<py::object>(PyNumber_ToBase(integer.ptr(), 10));
  if (!text) throw py::error_already_set();
  return text.cast<std::string>();
}

long long ToLongLong(py::handle integer, const std::string& where, const char* type_name) {
  int overflow = 0;
  long long result = PyLong_AsLongLongAndOverflow(integer.ptr(), &overflow);
  if (overflow != 0) throw Error(Message<msg::ParameterOutOfRange>(arg::path = where, arg::type = type_name, arg::bits = 64));
  if (result == -1 && PyErr_Occurred()) throw py::error_already_set();
  return result;
}

Value IntegerToValue(py::handle object, const std::string& where) {
  const PythonTypes& types = Types();
  py::handle type = py::handle(reinterpret_cast<PyObject*>(Py_TYPE(object.ptr())));
  if (type.is(types.bigint_type)) return Value::BigInt(Digits(object));
  if (type.is(types.long_type)) return Value::Long(ToLongLong(object, where, "Long"));
  if (type.is(types.int_type)) {
    long long v = ToLongLong(object, where, "Int");
    if (v < std::numeric_limits<int32_t>::min() || v > std::numeric_limits<int32_t>::max()) {
      throw Error(Message<msg::ParameterOutOfRange>(arg::path = where, arg::type = "Int", arg::bits = 32));
    }
    return Value::Int(static_cast<int32_t>(v));
  }
  int overflow = 0;
  long long v = PyLong_AsLongLongAndOverflow(object.ptr(), &overflow);
  if (overflow != 0) return Value::BigInt(Digits(object));
  if (v == -1 && PyErr_Occurred()) throw py::error_already_set();
  if (v >= std::numeric_limits<int32_t>::min() && v <= std::numeric_limits<int32_t>::max()) {
    return Value::Int(static_cast<int32_t>(v));
  }
  return Value::Long(v);
}

std::string Fraction(int microsecond) {
  if (microsecond == 0) return "";
  char buf[16];
  std::snprintf(buf, sizeof buf, ".%06d", microsecond);
  return buf;
}

std::string DateText(int year, int month, int day) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "%04d-%02d-%02d", year, month, day);
  return buf;
}

std::string TimeText(int hour, int minute, int second, int microsecond) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "%02d:%02d:%02d", hour, minute, second);
  return buf + Fraction(microsecond);
}

Value TemporalToValue(py::handle object, const std::string& where) {
  PyObject* o = object.ptr();
  if (PyDateTime_Check(o)) {
    if (PyDateTime_DATE_GET_TZINFO(o) != Py_None) {
      throw Error(Message<msg::ParameterTimezoneAware>(arg::path = where, arg::type = "datetime", arg::kind = "DATETIME"));
    }
    return Value::DateTime(DateText(PyDateTime_GET_YEAR(o), PyDateTime_GET_MONTH(o), PyDateTime_GET_DAY(o)) + " " +
                           TimeText(PyDateTime_DATE_GET_HOUR(o), PyDateTime_DATE_GET_MINUTE(o),
                                    PyDateTime_DATE_GET_SECOND(o), PyDateTime_DATE_GET_MICROSECOND(o)));
  }
  if (PyDate_Check(o)) return Value::Date(DateText(PyDateTime_GET_YEAR(o), PyDateTime_GET_MONTH(o), PyDateTime_GET_DAY(o)));
  if (PyDateTime_TIME_GET_TZINFO(o) != Py_None) {
    throw Error(Message<msg::ParameterTimezoneAware>(arg::path = where, arg::type = "time", arg::kind = "TIME"));
  }
  return Value::Time(TimeText(PyDateTime_TIME_GET_HOUR(o), PyDateTime_TIME_GET_MINUTE(o),
                              PyDateTime_TIME_GET_SECOND(o), PyDateTime_TIME_GET_MICROSECOND(o)));
}

// Parsing of the engine's temporal text back into datetime objects.
struct TemporalParts {
  int year = 0, month = 0, day = 0, hour = 0, minute = 0, second = 0, microsecond = 0;
};

// Reads "[.digits]" at `text + pos` into microseconds (extra digits are truncated).
bool ReadFraction(const std::string& text, std::size_t pos, int& microsecond) {
  if (pos == text.size()) return true;
  if (text[pos] != '.' || pos + 1 == text.size()) return false;
  std::string digits = text.substr(pos + 1);
  for (char c : digits) {
    if (c < '0' || c > '9') return false;
  }
  digits.resize(6, '0');
  microsecond = std::stoi(digits);
  return true;
}

bool ParseTemporal(const std::string& text, Value::Kind kind, TemporalParts& p) {
  int used = 0;
  const char* s = text.c_str();
  if (kind == Value::Kind::Date) {
    return std::sscanf(s, "%4d-%2d-%2d%n", &p.year, &p.month, &p.day, &used) == 3 &&
           static_cast<std::size_t>(used) == text.size();
  }
  if (kind == Value::Kind::Time) {
    return std::sscanf(s, "%2d:%2d:%2d%n", &p.hour, &p.minute, &p.second, &used) == 3 &&
           ReadFraction(text, static_cast<std::size_t>(used), p.microsecond);
  }
  char separator = 0;
  return std::sscanf(s, "%4d-%2d-%2d%c%2d:%2d:%2d%n", &p.year, &p.month, &p.day, &separator, &p.hour, &p.minute,
                     &p.second, &used) == 7 &&
         (separator == ' ' || separator == 'T') && ReadFraction(text, static_cast<std::size_t>(used), p.microsecond);
}

py::object TemporalToPython(const Value& value) {
  TemporalParts p;
  if (!ParseTemporal(value.text(), value.kind(), p)) {
    throw py::value_error("the engine returned a " + std::string(Value::KindName(value.kind())) + " value `" +
                          value.text() + "` that Python's datetime cannot represent");
  }
  PyObject* result = nullptr;
  switch (value.kind()) {
    case Value::Kind::Date: result = PyDate_FromDate(p.year, p.month, p.day); break;
    case Value::Kind::Time: result = PyTime_FromTime(p.hour, p.minute, p.second, p.microsecond); break;
    default: result = PyDateTime_FromDateAndTime(p.year, p.month, p.day, p.hour, p.minute, p.second, p.microsecond);
  }
  if (!result) throw py::error_already_set();
  return py::reinterpret_steal<py::object>(result);
}

}  // namespace

void InitValueConversion() {
  PyDateTime_IMPORT;
  if (!PyDateTimeAPI) throw py::error_already_set();
}

Value ToValue(py::handle object, const std::string& where) {
  PyObject* o = object.ptr();
  if (object.is_none()) return Value::Null();
  if (PyBool_Check(o)) return Value::Bool(o == Py_True);  // before int: bool is an int subclass
  if (PyLong_Check(o)) return IntegerToValue(object, where);
  if (PyFloat_Check(o)) return Value::Double(PyFloat_AS_DOUBLE(o));
  if (PyUnicode_Check(o)) {
    Py_ssize_t size = 0;
    const char* data = PyUnicode_AsUTF8AndSize(o, &size);
    if (!data) throw py::error_already_set();
    return Value::String(std::string(data, static_cast<std::size_t>(size)));
  }
  if (PyBytes_Check(o)) return Value::Bytes(std::string(PyBytes_AS_STRING(o), PyBytes_GET_SIZE(o)));
  if (PyByteArray_Check(o)) return Value::Bytes(std::string(PyByteArray_AS_STRING(o), PyByteArray_GET_SIZE(o)));
  if (PyDate_Check(o) || PyTime_Check(o)) return TemporalToValue(object, where);
  if (py::isinstance(object, Types().decimal_type)) {
    if (!object.attr("is_finite")().cast<bool>()) throw Error(Message<msg::ParameterDecimalNotFinite>(arg::path = where));
    return Value::Decimal(py::str(object).cast<std::string>());
  }
  throw Error(Message<msg::ParameterTypeUnbindable>(arg::path = where, arg::type = TypeName(object)));
}

namespace {

// ToValue of the plain built-in types, without building the error location it never needs;
// false for anything else (subclasses such as sqlroute.Int included).
bool PlainToValue(PyObject* o, std::vector<Value>& out) {
  if (o == Py_None) {
    out.push_back(Value::Null());
  } else if (PyBool_Check(o)) {
    out.push_back(Value::Bool(o == Py_True));
  } else if (PyLong_CheckExact(o)) {
    int overflow = 0;
    long long v = PyLong_AsLongLongAndOverflow(o, &overflow);
    if (overflow != 0 || (v == -1 && PyErr_Occurred())) {
      PyErr_Clear();
      return false;
    }
    if (v >= std::numeric_limits<int32_t>::min() && v <= std::numeric_limits<int32_t>::max()) {
      out.push_back(Value::Int(static_cast<int32_t>(v)));
    } else {
      out.push_back(Value::Long(v));
    }
  } else if (PyFloat_CheckExact(o)) {
    out.push_back(Value::Double(PyFloat_AS_DOUBLE(o)));
  } else if (PyUnicode_CheckExact(o)) {
    Py_ssize_t size = 0;
    const char* data = PyUnicode_AsUTF8AndSize(o, &size);
    if (!data) {
      PyErr_Clear();
      return false;
    }
    out.push_back(Value::String(std::string(data, static_cast<std::size_t>(size))));
  } else if (PyBytes_CheckExact(o)) {
    out.push_back(Value::Bytes(std::string(PyBytes_AS_STRING(o), static_cast<std::size_t>(PyBytes_GET_SIZE(o)))));
  } else {
    return false;
  }
  return true;
}

}  // namespace

std::vector<Value> ToValues(py::handle iterable, const std::string& where) {
  std::vector<Value> result;
  PyObject* o = iterable.ptr();
  if (PyList_CheckExact(o) || PyTuple_CheckExact(o)) {
    result.reserve(static_cast<std::size_t>(PySequence_Fast_GET_SIZE(o)));
    // A list may change under a conversion that runs Python code: its size is read each time.
    for (Py_ssize_t i = 0; i < PySequence_Fast_GET_SIZE(o); ++i) {
      PyObject* item = PySequence_Fast_GET_ITEM(o, i);
      if (PlainToValue(item, result)) continue;
      py::object keep = py::reinterpret_borrow<py::object>(item);  // the item outlives a list change
      result.push_back(ToValue(keep, where + "[" + std::to_string(i) + "]"));
    }
    return result;
  }
  std::size_t index = 0;
  for (py::handle item : py::iter(iterable)) {
    result.push_back(ToValue(item, where + "[" + std::to_string(index++) + "]"));
  }
  return result;
}

py::object ToPython(const Value& value) {
  switch (value.kind()) {
    case Value::Kind::Null: return py::none();
    case Value::Kind::Bool: return py::bool_(value.int_value() != 0);
    case Value::Kind::Int: return py::int_(value.int_value());
    case Value::Kind::Long: return Types().long_type(py::int_(value.int_value()));
    case Value::Kind::BigInt:
      return Types().bigint_type(py::reinterpret_steal<py::object>(
          PyLong_FromString(value.text().c_str(), nullptr, 10)));
    case Value::Kind::Decimal: return Types().decimal_type(value.text());
    case Value::Kind::Double: return py::float_(value.double_value());
    case Value::Kind::String: {
      PyObject* text = PyUnicode_DecodeUTF8(value.text().data(), static_cast<Py_ssize_t>(value.text().size()),
                                            "surrogateescape");
      if (!text) throw py::error_already_set();
      return py::reinterpret_steal<py::object>(text);
    }
    case Value::Kind::Bytes: return py::bytes(value.text());
    case Value::Kind::Date:
    case Value::Kind::Time:
    case Value::Kind::DateTime: return TemporalToPython(value);
  }
  return py::none();
}

py::list ToPythonList(const std::vector<Value>& values) {
  py::list result;
  for (const Value& value : values) result.append(ToPython(value));
  return result;
}

void RegisterValueFunctions(py::module_& module) {
  module.def(
      "value_kind", [](py::handle value) { return std::string(Value::KindName(ToValue(value, "value").kind())); },
      py::arg("value"), "The engine's value kind for a Python value: 'int', 'long', 'bigint', 'decimal', ...");
  module.def(
      "describe_value", [](py::handle value) { return ToValue(value, "value").ToDisplay(); }, py::arg("value"),
      "How explain output shows a Python value once bound: 7, long:7, 'abc', decimal:1.50, NULL.");
}

}  // namespace sqlroute::bindings
