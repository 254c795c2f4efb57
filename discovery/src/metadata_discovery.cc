#include "sqlroute/metadata_discovery.h"

#include <yaml-cpp/yaml.h>

#include "sqlroute/storage_unit_address.h"
#include "storage_unit_reader.h"

namespace sqlroute {

std::shared_ptr<const RuleSet> DiscoverMetadata(const RuleSet& rules, const DiscoveryOptions& options) {
  std::map<std::string, discovery::StorageUnitAddress> addresses = discovery::StorageUnitAddresses(rules);
  YAML::Node units(YAML::NodeType::Map);
  for (const auto& unit : rules.MetadataStorageUnits()) {
    auto found = addresses.find(unit);
    units[unit] = discovery::ReadStorageUnit(unit, found == addresses.end() ? discovery::StorageUnitAddress{} : found->second, options);
  }
  YAML::Emitter out;
  out << units;
  return rules.WithDiscoveredMetadata(out.c_str());
}

}  // namespace sqlroute
