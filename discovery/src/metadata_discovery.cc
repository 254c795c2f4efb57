#include "sqlroute/metadata_discovery.h"

#include <yaml-cpp/yaml.h>

#include "sqlroute/storage_unit_address.h"
#include "storage_unit_reader.h"

namespace sqlroute {

namespace {

YAML::Node ReadUnit(const std::map<std::string, discovery::StorageUnitAddress>& addresses, const std::string& unit,
                    const DiscoveryOptions& options) {
  auto found = addresses.find(unit);
  return discovery::ReadStorageUnit(unit, found == addresses.end() ? discovery::StorageUnitAddress{} : found->second, options);
}

}  // namespace

std::shared_ptr<const RuleSet> DiscoverMetadata(const RuleSet& rules, const DiscoveryOptions& options) {
  std::map<std::string, discovery::StorageUnitAddress> addresses = discovery::StorageUnitAddresses(rules);
  YAML::Node units(YAML::NodeType::Map);
  for (const auto& unit : rules.MetadataStorageUnits()) units[unit] = ReadUnit(addresses, unit, options);
  YAML::Emitter out;
  out << units;
  return rules.WithDiscoveredMetadata(out.c_str());
}

std::string DiscoverStorageUnit(const RuleSet& rules, const std::string& unit, const DiscoveryOptions& options) {
  YAML::Emitter out;
  out << ReadUnit(discovery::StorageUnitAddresses(rules), unit, options);
  return out.c_str();
}

}  // namespace sqlroute
