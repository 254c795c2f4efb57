#pragma once
// Short names for the values hand-written unit results are made of (merge tests).
#include <sqlroute/value.h>

namespace sqlroute::testing_support {

inline Value I(int32_t v) { return Value::Int(v); }
inline Value S(const char* v) { return Value::String(v); }
inline Value D(const char* v) { return Value::Decimal(v); }
inline const Value kNull;

}  // namespace sqlroute::testing_support
