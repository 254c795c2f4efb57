#pragma once
// Reading encryptor props; failures are Error(CONFIG_ALGORITHM_PROPS, ..., path). Messages
// name the prop, never its value, since many of these props are secrets.
#include <string>

#include "sqlroute/props.h"

namespace sqlroute::encrypt {

std::string PropOr(const Props& props, const std::string& key, const std::string& fallback);
// A decimal int as Java's Integer.parseInt reads it, or `fallback` when the prop is absent.
int IntPropOr(const Props& props, const std::string& key, int fallback, const std::string& path);

}  // namespace sqlroute::encrypt
