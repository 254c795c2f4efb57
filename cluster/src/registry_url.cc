#include <algorithm>
#include <cctype>

#include "sqlroute/cluster.h"
#include "sqlroute/error.h"
#include "sqlroute/error_text.h"

namespace sqlroute::cluster {
namespace {

const char kScheme[] = "zookeeper://";

[[noreturn]] void Invalid(const std::string& url, const char* detail) {
  throw Error(Message<msg::RegistryUrlInvalid>(arg::url = url, arg::detail = detail));
}

bool IsServer(const std::string& server) {
  std::size_t colon = server.rfind(':');
  if (colon == std::string::npos || colon == 0 || colon + 1 == server.size() || server.size() - colon > 6) return false;
  return std::all_of(server.begin() + static_cast<long>(colon) + 1, server.end(), ::isdigit);
}

}  // namespace

RegistryUrl RegistryUrl::Parse(const std::string& url) {
  std::string lower = url.substr(0, sizeof(kScheme) - 1);
  std::transform(lower.begin(), lower.end(), lower.begin(), [](unsigned char c) { return std::tolower(c); });
  if (lower != kScheme) Invalid(url, "it must start with zookeeper://");
  std::string rest = url.substr(sizeof(kScheme) - 1);
  std::size_t slash = rest.find('/');
  if (slash == std::string::npos || slash + 1 == rest.size()) Invalid(url, "the namespace is missing");
  RegistryUrl result{rest.substr(0, slash), rest.substr(slash + 1)};
  if (result.servers.empty()) Invalid(url, "no server is given");
  std::size_t begin = 0;
  while (begin <= result.servers.size()) {
    std::size_t comma = result.servers.find(',', begin);
    std::string server = result.servers.substr(begin, comma == std::string::npos ? std::string::npos : comma - begin);
    if (!IsServer(server)) Invalid(url, "each server must be host:port");
    if (comma == std::string::npos) break;
    begin = comma + 1;
  }
  bool plain = std::all_of(result.namespace_name.begin(), result.namespace_name.end(), [](unsigned char c) {
    return std::isalnum(c) || c == '_' || c == '-' || c == '.';
  });
  if (!plain || result.namespace_name == "." || result.namespace_name == "..") {
    Invalid(url, "the namespace must be one path segment of letters, digits, '_', '-' or '.'");
  }
  return result;
}

}  // namespace sqlroute::cluster
