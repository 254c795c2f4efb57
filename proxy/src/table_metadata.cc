#include "table_metadata.h"

#include <yaml-cpp/yaml.h>

#include <algorithm>
#include <iostream>

#include "sqlroute/metadata_discovery.h"

namespace sqlroute::proxy {

std::shared_ptr<const RuleSet> StorageUnitMetadata::Load(const std::string& database,
                                                         const std::shared_ptr<const RuleSet>& rules,
                                                         const std::set<std::string>* only) {
  std::vector<std::string> units = rules->MetadataStorageUnits();
  for (auto reading = readings_.begin(); reading != readings_.end();) {  // units no longer there
    bool kept = std::find(units.begin(), units.end(), reading->first) != units.end();
    reading = kept ? std::next(reading) : readings_.erase(reading);
  }
  for (const std::string& unit : units) {
    if (only != nullptr && only->count(unit) == 0 && readings_.count(unit) != 0) continue;
    try {
      readings_[unit] = DiscoverStorageUnit(*rules, unit);
    } catch (const Error& error) {
      std::cerr << "sqlroute-proxy: database `" << database << "`: storage unit `" << unit
                << "` keeps the metadata read before: " << error.message() << std::endl;
    }
  }
  YAML::Node tables(YAML::NodeType::Map);
  bool any = false;
  for (const std::string& unit : units) {
    auto reading = readings_.find(unit);
    any |= reading != readings_.end();
    tables[unit] = reading == readings_.end() ? YAML::Node(YAML::NodeType::Map) : YAML::Load(reading->second);
  }
  if (!any) return rules;
  YAML::Emitter out;
  out << tables;
  try {
    return rules->WithDiscoveredMetadata(out.c_str());
  } catch (const Error& error) {
    std::cerr << "sqlroute-proxy: database `" << database << "`: the metadata read from its storage units is not used: "
              << error.message() << std::endl;
    return rules;
  }
}

bool ChangesTableMetadata(const std::string& statement_kind) {
  for (const char* kind : {"CREATE TABLE", "ALTER TABLE", "DROP TABLE", "RENAME TABLE", "CREATE INDEX", "DROP INDEX",
                           "CREATE VIEW", "ALTER VIEW", "DROP VIEW"}) {
    if (statement_kind == kind) return true;
  }
  return false;
}

}  // namespace sqlroute::proxy
