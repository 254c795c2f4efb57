#include "encrypt/encryptor_props.h"

#include <cerrno>
#include <climits>
#include <cstdlib>

#include "sqlroute/error_text.h"

namespace sqlroute::encrypt {

std::string PropOr(const Props& props, const std::string& key, const std::string& fallback) {
  auto value = props.Get(key);
  return value ? *value : fallback;
}

int IntPropOr(const Props& props, const std::string& key, int fallback, const std::string& path) {
  auto text = props.Get(key);
  if (!text) return fallback;
  const std::string& digits = *text;
  std::size_t first = !digits.empty() && (digits[0] == '-' || digits[0] == '+') ? 1 : 0;
  bool valid = digits.size() > first;
  for (std::size_t i = first; valid && i < digits.size(); ++i) valid = digits[i] >= '0' && digits[i] <= '9';
  errno = 0;
  long long value = valid ? std::strtoll(digits.c_str(), nullptr, 10) : 0;
  if (!valid || errno == ERANGE || value < INT_MIN || value > INT_MAX) {
    throw Error(Message<msg::PropNotDecimalInteger>(arg::key = key), path);
  }
  return static_cast<int>(value);
}

}  // namespace sqlroute::encrypt
