#pragma once
// The catalogue's messages (error_messages.def): format strings with named arguments.
//   throw Error(Message<msg::ParameterNotBound>(arg::index = 3, arg::given = 2), position);
// The arguments must be exactly the names in the format; a site that passes an unknown name
// or leaves one out does not compile. `{{` and `}}` stand for literal braces.
#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <type_traits>
#include <utility>
#include <vector>

#include "sqlroute/error.h"

namespace sqlroute {

namespace msg {
enum Id : std::uint16_t {
#define SQLROUTE_MESSAGE(name, code, format) name,
#define SQLROUTE_PREFIX(name, format) name,
#include "sqlroute/error_messages.def"
#undef SQLROUTE_PREFIX
#undef SQLROUTE_MESSAGE
};
}  // namespace msg

struct MessageEntry {
  std::string_view name;
  ErrorCode code;  // of a prefix: none, the wrapped error keeps its own
  std::string_view format;
  bool prefix;
};

inline constexpr MessageEntry kMessages[] = {
#define SQLROUTE_MESSAGE(name, code, format) {#name, ErrorCode::code, format, false},
#define SQLROUTE_PREFIX(name, format) {#name, ErrorCode::INTERNAL_ERROR, format, true},
#include "sqlroute/error_messages.def"
#undef SQLROUTE_PREFIX
#undef SQLROUTE_MESSAGE
};

// The argument names of `format`, in order of first use.
std::vector<std::string_view> MessageArgNames(std::string_view format);

// Message `name` (a SQLROUTE_MESSAGE) with `args` as (argument name, text), for callers that
// name a message at run time (the Python package); nullopt when there is no such message or
// `args` are not exactly its arguments.
std::optional<ErrorText> MessageNamed(std::string_view name, const std::vector<std::pair<std::string, std::string>>& args);

namespace detail {

inline std::string ArgText(std::string_view text) { return std::string(text); }
inline std::string ArgText(char c) { return std::string(1, c); }
template <typename T, std::enable_if_t<std::is_integral_v<T> && !std::is_same_v<T, char> &&
                                           !std::is_same_v<T, bool>, int> = 0>
std::string ArgText(T number) {
  return std::to_string(number);
}

constexpr bool IsNameChar(char c) {
  return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_';
}

// Calls `on_name(name)` for each {name} of `format`; false when a brace is unpaired or a name
// is not an identifier.
template <typename OnName>
constexpr bool ScanFormat(std::string_view format, OnName&& on_name) {
  for (std::size_t i = 0; i < format.size(); ++i) {
    bool doubled = i + 1 < format.size() && format[i + 1] == format[i];
    if (format[i] == '}') {
      if (!doubled) return false;
      ++i;
    } else if (format[i] == '{') {
      if (doubled) {
        ++i;
        continue;
      }
      std::size_t close = format.find('}', i);
      if (close == std::string_view::npos || close == i + 1) return false;
      for (std::size_t k = i + 1; k < close; ++k) {
        if (!IsNameChar(format[k])) return false;
      }
      on_name(format.substr(i + 1, close - i - 1));
      i = close;
    }
  }
  return true;
}

// True when the names of `format` are exactly `names[0..count)`, each given once.
constexpr bool TakesExactly(std::string_view format, const std::string_view* names, std::size_t count) {
  bool used[64] = {};
  if (count > 64) return false;
  bool known = true;
  bool well_formed = ScanFormat(format, [&](std::string_view name) {
    bool found = false;
    for (std::size_t k = 0; k < count; ++k) {
      if (names[k] == name) used[k] = found = true;
    }
    known = known && found;
  });
  for (std::size_t k = 0; k < count; ++k) {
    if (!used[k]) return false;
    for (std::size_t j = k + 1; j < count; ++j) {
      if (names[k] == names[j]) return false;
    }
  }
  return well_formed && known;
}

std::string Render(std::string_view format, const std::string_view* names, const std::string* const* values,
                   std::size_t count);

}  // namespace detail

template <typename Name>
struct ErrorArg {
  std::string text;
};

// arg::name = value makes the named argument; values are text, a char or an integer.
#define SQLROUTE_ERROR_ARG(arg_name)                                   \
  struct arg_name##_name {                                             \
    static constexpr std::string_view kName = #arg_name;               \
    template <typename T>                                              \
    ErrorArg<arg_name##_name> operator=(const T& value) const {        \
      return {detail::ArgText(value)};                                 \
    }                                                                  \
  };                                                                   \
  inline constexpr arg_name##_name arg_name{};

namespace arg {
#include "sqlroute/error_args.def"
}  // namespace arg
#undef SQLROUTE_ERROR_ARG

template <msg::Id id, typename... Names>
ErrorText Message(const ErrorArg<Names>&... args) {
  static_assert(id < sizeof(kMessages) / sizeof(kMessages[0]));
  static constexpr std::string_view kNames[] = {Names::kName..., std::string_view()};
  static_assert(detail::TakesExactly(kMessages[id].format, kNames, sizeof...(Names)),
                "the arguments must be exactly the {names} of the message's format");
  const std::string* values[] = {&args.text..., nullptr};
  return {kMessages[id].code, detail::Render(kMessages[id].format, kNames, values, sizeof...(Names))};
}

// `error`'s code and message behind the prefix `id`: "in parameter set 2: " + message.
template <msg::Id id, typename... Names>
ErrorText Prefixed(const Error& error, const ErrorArg<Names>&... args) {
  static_assert(kMessages[id].prefix, "Prefixed takes a SQLROUTE_PREFIX entry");
  ErrorText text = Message<id>(args...);
  text.code = error.code();
  text.message += error.message();
  return text;
}

}  // namespace sqlroute
