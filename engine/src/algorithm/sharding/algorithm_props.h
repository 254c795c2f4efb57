#pragma once
// Reading algorithm props the way ShardingSphere's algorithms do (Integer.parseInt,
// Long.parseLong, Boolean.parseBoolean), failing with Error(CONFIG_ALGORITHM_PROPS, message, path).
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

#include "sqlroute/error_text.h"
#include "sqlroute/props.h"

namespace sqlroute::algorithm {

// Java's Long.parseLong: optional '+'/'-', ASCII digits only, no blanks; nullopt when invalid.
std::optional<int64_t> ParseJavaLong(std::string_view text);

class AlgorithmProps {
 public:
  AlgorithmProps(const Props& props, std::string path) : props_(props), path_(std::move(path)) {}

  std::optional<std::string> Text(const std::string& key) const { return props_.Get(key); }
  // The value of `key`, or an error "`key` is required." when it is absent or blank.
  std::string RequiredText(const std::string& key) const;
  // Integer-valued props within [min, max]; an absent key yields `fallback` (optional forms) or an error.
  int64_t RequiredLong(const std::string& key, int64_t min, int64_t max) const;
  int64_t OptionalLong(const std::string& key, int64_t fallback, int64_t min, int64_t max) const;
  // Boolean.parseBoolean: "true" in any case is true, anything else false.
  bool Flag(const std::string& key) const;

  [[noreturn]] void Fail(ErrorText text) const;  // CONFIG_ALGORITHM_PROPS at the props' path
  const std::string& path() const { return path_; }

 private:
  int64_t ParseLong(const std::string& key, const std::string& text, int64_t min, int64_t max) const;
  const Props& props_;
  std::string path_;
};

}  // namespace sqlroute::algorithm
