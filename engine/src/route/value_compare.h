#pragma once
// Ordering of sharding values of one MySQL type family (numbers, strings, temporals).
#include <optional>

#include "sqlroute/value.h"

namespace sqlroute::route {

// <0, 0, >0; nullopt when the values are of different families (error 20021 territory).
std::optional<int> CompareValues(const Value& a, const Value& b);

}  // namespace sqlroute::route
