#include "sqlroute/error_text.h"

namespace sqlroute {
namespace {

constexpr bool AllFormatsWellFormed() {
  for (const MessageEntry& entry : kMessages) {
    if (!detail::ScanFormat(entry.format, [](std::string_view) {})) return false;
  }
  return true;
}
static_assert(AllFormatsWellFormed(), "a message format has an unpaired brace or a name that is not an identifier");

}  // namespace

std::vector<std::string_view> MessageArgNames(std::string_view format) {
  std::vector<std::string_view> names;
  detail::ScanFormat(format, [&](std::string_view name) {
    for (std::string_view seen : names) {
      if (seen == name) return;
    }
    names.push_back(name);
  });
  return names;
}

std::optional<ErrorText> MessageNamed(std::string_view name, const std::vector<std::pair<std::string, std::string>>& args) {
  std::vector<std::string_view> names;
  std::vector<const std::string*> values;
  for (const auto& [arg, value] : args) {
    names.push_back(arg);
    values.push_back(&value);
  }
  for (const MessageEntry& entry : kMessages) {
    if (entry.prefix || entry.name != name) continue;
    if (!detail::TakesExactly(entry.format, names.data(), names.size())) return std::nullopt;
    return ErrorText{entry.code, detail::Render(entry.format, names.data(), values.data(), names.size())};
  }
  return std::nullopt;
}

namespace detail {

std::string Render(std::string_view format, const std::string_view* names, const std::string* const* values,
                   std::size_t count) {
  std::string result;
  result.reserve(format.size() + 32);
  for (std::size_t i = 0; i < format.size(); ++i) {
    char c = format[i];
    if ((c == '{' || c == '}') && i + 1 < format.size() && format[i + 1] == c) {
      result += c;
      ++i;
      continue;
    }
    if (c != '{') {
      result += c;
      continue;
    }
    std::size_t close = format.find('}', i);
    std::string_view name = format.substr(i + 1, close - i - 1);
    for (std::size_t k = 0; k < count; ++k) {
      if (names[k] == name) result += *values[k];
    }
    i = close;
  }
  return result;
}

}  // namespace detail
}  // namespace sqlroute
