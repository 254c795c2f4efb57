// YAML text -> config::LoadYamlString, then compiled with RuleSet::FromYamlString. A rule set
// that compiles must export to YAML that compiles again.
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <string_view>

#include "config/yaml_loader.h"
#include "sqlroute/error.h"
#include "sqlroute/rule_set.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  std::string_view yaml(reinterpret_cast<const char*>(data), size);
  try {
    sqlroute::config::LoadYamlString(yaml);
  } catch (const sqlroute::Error&) {
  }
  std::shared_ptr<const sqlroute::RuleSet> rules;
  try {
    rules = sqlroute::RuleSet::FromYamlString(yaml);
  } catch (const sqlroute::Error&) {
    return 0;
  }
  std::string exported = rules->ExportYaml(true);
  try {
    sqlroute::RuleSet::FromYamlString(exported);
  } catch (const sqlroute::Error& error) {
    std::fprintf(stderr, "exported rules do not compile again: %s\n%s\n", error.what(), exported.c_str());
    std::abort();
  }
  return 0;
}
