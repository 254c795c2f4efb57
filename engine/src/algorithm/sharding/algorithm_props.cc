#include "algorithm/sharding/algorithm_props.h"

#include <algorithm>
#include <cctype>
#include <limits>

#include "sqlroute/error_text.h"

namespace sqlroute::algorithm {

std::optional<int64_t> ParseJavaLong(std::string_view text) {
  bool negative = false;
  std::size_t index = 0;
  if (!text.empty() && (text[0] == '-' || text[0] == '+')) {
    negative = text[0] == '-';
    index = 1;
  }
  if (index == text.size()) return std::nullopt;
  // Accumulate negatively so that Long.MIN_VALUE parses.
  int64_t result = 0;
  const int64_t limit = std::numeric_limits<int64_t>::min();
  for (; index < text.size(); ++index) {
    char c = text[index];
    if (c < '0' || c > '9') return std::nullopt;
    int digit = c - '0';
    if (result < (limit + digit) / 10) return std::nullopt;
    result = result * 10 - digit;
  }
  if (!negative) {
    if (result == limit) return std::nullopt;
    return -result;
  }
  return result;
}

std::string AlgorithmProps::RequiredText(const std::string& key) const {
  auto value = props_.Get(key);
  bool blank = !value || std::all_of(value->begin(), value->end(), [](unsigned char c) { return std::isspace(c); });
  if (blank) Fail(Message<msg::PropRequired>(arg::key = key));
  return *value;
}

int64_t AlgorithmProps::RequiredLong(const std::string& key, int64_t min, int64_t max) const {
  return ParseLong(key, RequiredText(key), min, max);
}

int64_t AlgorithmProps::OptionalLong(const std::string& key, int64_t fallback, int64_t min, int64_t max) const {
  auto value = props_.Get(key);
  return value ? ParseLong(key, *value, min, max) : fallback;
}

bool AlgorithmProps::Flag(const std::string& key) const {
  auto value = props_.Get(key);
  if (!value) return false;
  std::string lower(*value);
  std::transform(lower.begin(), lower.end(), lower.begin(), [](unsigned char c) { return std::tolower(c); });
  return lower == "true";
}

void AlgorithmProps::Fail(ErrorText text) const { throw Error(std::move(text), path_); }

int64_t AlgorithmProps::ParseLong(const std::string& key, const std::string& text, int64_t min, int64_t max) const {
  auto parsed = ParseJavaLong(text);
  if (!parsed) Fail(Message<msg::PropNotInteger>(arg::key = key, arg::value = text));
  if (*parsed < min || *parsed > max) {
    Fail(Message<msg::PropOutOfRange>(arg::key = key, arg::min = min, arg::max = max, arg::value = text));
  }
  return *parsed;
}

}  // namespace sqlroute::algorithm
