#include "data_source_spec.h"

#include <yaml-cpp/yaml.h>

#include <charconv>

#include "sqlroute/error_text.h"
#include "sqlroute/storage_unit_address.h"

namespace sqlroute::proxy {

using discovery::ParseStorageUnitUrl;
using discovery::StorageUnitAddress;

namespace {

std::size_t ParseCount(const std::string& text, const std::string& key, const std::string& path) {
  std::size_t value = 0;
  auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), value);
  if (error != std::errc() || end != text.data() + text.size()) {
    throw Error(Message<msg::ProxyPropNotCount>(arg::key = key), path);
  }
  return value;
}

}  // namespace

bool DataSourceSpec::SameTarget(const DataSourceSpec& other) const {
  return host == other.host && port == other.port && database == other.database && user == other.user &&
         password == other.password && max_pool_size == other.max_pool_size && min_pool_size == other.min_pool_size &&
         connection_timeout == other.connection_timeout && idle_timeout == other.idle_timeout &&
         max_lifetime == other.max_lifetime;
}

std::map<std::string, DataSourceSpec> DataSourceSpecs(const RuleSet& rules) {
  // The canonical export with secrets is the public view of every data source's props.
  YAML::Node root = YAML::Load(rules.ExportYaml(true));
  std::map<std::string, DataSourceSpec> specs;
  for (const auto& entry : root["dataSources"]) {
    DataSourceSpec spec;
    spec.name = entry.first.Scalar();
    std::string base = "dataSources." + spec.name;
    bool has_url = false;
    for (const auto& prop : entry.second) {
      std::string key = prop.first.Scalar();
      std::string value = prop.second.IsScalar() ? prop.second.Scalar() : "";
      std::string path = base + "." + key;
      if (key == "url" || key == "jdbcUrl") {
        StorageUnitAddress address;
        ParseStorageUnitUrl(value, address, path);
        spec.host = address.host;
        spec.port = address.port;
        spec.database = address.database;
        has_url = true;
      } else if (key == "username" || key == "user") {
        spec.user = value;
      } else if (key == "password") {
        spec.password = value;
      } else if (key == "maxPoolSize" || key == "maximumPoolSize") {
        spec.max_pool_size = ParseCount(value, key, path);
        if (spec.max_pool_size == 0) throw Error(Message<msg::ProxyPropNotCount>(arg::key = key), path);
      } else if (key == "minPoolSize" || key == "minimumIdle") {
        spec.min_pool_size = ParseCount(value, key, path);
      } else if (key == "connectionTimeoutMilliseconds" || key == "connectionTimeout") {
        spec.connection_timeout = std::chrono::milliseconds(ParseCount(value, key, path));
      } else if (key == "idleTimeoutMilliseconds" || key == "idleTimeout") {
        spec.idle_timeout = std::chrono::milliseconds(ParseCount(value, key, path));
      } else if (key == "maxLifetimeMilliseconds" || key == "maxLifetime") {
        spec.max_lifetime = std::chrono::milliseconds(ParseCount(value, key, path));
      }
    }
    if (!has_url) throw Error(Message<msg::MissingKey>(arg::key = "url"), base);
    spec.min_pool_size = std::min(spec.min_pool_size, spec.max_pool_size);
    specs.emplace(spec.name, std::move(spec));
  }
  return specs;
}

}  // namespace sqlroute::proxy
