#include "algorithm/shadow/simple_shadow_hint.h"

namespace sqlroute::shadow {

namespace {

constexpr std::string_view kTraceMarker = "@TRACE_CONTEXT@";

std::string_view Trim(std::string_view text) {
  const std::string_view blanks = " \t\r\n\f\v";
  std::size_t begin = text.find_first_not_of(blanks);
  if (begin == std::string_view::npos) return {};
  return text.substr(begin, text.find_last_not_of(blanks) - begin + 1);
}

std::string RemoveTraceContext(std::string text) {
  std::size_t begin = text.find(kTraceMarker);
  if (begin == std::string::npos) return text;
  std::size_t end = text.find(kTraceMarker, begin + kTraceMarker.size());
  std::size_t stop = end == std::string::npos ? text.size() : end + kTraceMarker.size();
  return text.erase(begin, stop - begin);
}

}  // namespace

std::map<std::string, std::string> ParseSimpleShadowHint(std::string_view comment) {
  std::string_view body = Trim(comment);
  if (body.substr(0, 2) == "/*") body.remove_prefix(2);
  if (body.size() >= 2 && body.substr(body.size() - 2) == "*/") body.remove_suffix(2);
  std::string text = RemoveTraceContext(std::string(body));
  std::map<std::string, std::string> result;
  std::string_view rest = text;
  for (bool more = true; more;) {
    std::size_t comma = rest.find(',');
    more = comma != std::string_view::npos;
    std::string_view part = rest.substr(0, comma);
    std::size_t colon = part.find(':');
    if (colon != std::string_view::npos) {
      std::string_view key = Trim(part.substr(0, colon));
      if (!key.empty()) result[std::string(key)] = std::string(Trim(part.substr(colon + 1)));
    }
    if (more) rest.remove_prefix(comma + 1);
  }
  return result;
}

}  // namespace sqlroute::shadow
