#include "sqlroute/storage_unit_address.h"

#include <yaml-cpp/yaml.h>

#include <cstdlib>

#include "sqlroute/error_text.h"

namespace sqlroute::discovery {

void ParseStorageUnitUrl(const std::string& url, StorageUnitAddress& address, const std::string& path) {
  std::size_t scheme_end = url.find("://");
  std::string scheme = scheme_end == std::string::npos ? "" : url.substr(0, scheme_end);
  if (scheme != "jdbc:mysql" && scheme != "jdbc:mariadb") throw Error(Message<msg::DataSourceUrlInvalid>(), path);
  std::string rest = url.substr(scheme_end + 3);
  std::size_t slash = rest.find('/');
  std::string authority = rest.substr(0, slash);
  std::string database = slash == std::string::npos ? "" : rest.substr(slash + 1);
  address.database = database.substr(0, database.find('?'));
  std::size_t colon = authority.rfind(':');
  address.host = authority.substr(0, colon);
  if (colon != std::string::npos) {
    std::string port = authority.substr(colon + 1);
    char* end = nullptr;
    unsigned long value = std::strtoul(port.c_str(), &end, 10);
    if (port.empty() || *end != '\0' || value == 0 || value > 65535) throw Error(Message<msg::DataSourceUrlInvalid>(), path);
    address.port = static_cast<unsigned>(value);
  }
  if (address.host.empty()) throw Error(Message<msg::DataSourceUrlInvalid>(), path);
}

std::map<std::string, StorageUnitAddress> StorageUnitAddresses(const RuleSet& rules) {
  // The canonical export with secrets is the public view of every data source's props.
  YAML::Node root = YAML::Load(rules.ExportYaml(true));
  std::map<std::string, StorageUnitAddress> result;
  for (const auto& entry : root["dataSources"]) {
    StorageUnitAddress address;
    std::string name = entry.first.Scalar();
    for (const auto& prop : entry.second) {
      std::string key = prop.first.Scalar();
      std::string value = prop.second.IsScalar() ? prop.second.Scalar() : "";
      if (key == "url" || key == "jdbcUrl") {
        ParseStorageUnitUrl(value, address, "dataSources." + name + "." + key);
      } else if (key == "username" || key == "user") {
        address.user = value;
      } else if (key == "password") {
        address.password = value;
      }
    }
    result.emplace(name, std::move(address));
  }
  return result;
}

}  // namespace sqlroute::discovery
