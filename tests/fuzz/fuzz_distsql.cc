// DistSQL script -> RuleSet::FromDistSql. A rule set that compiles must export to YAML that
// compiles again.
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <string_view>

#include "sqlroute/error.h"
#include "sqlroute/rule_set.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  std::shared_ptr<const sqlroute::RuleSet> rules;
  try {
    rules = sqlroute::RuleSet::FromDistSql(std::string_view(reinterpret_cast<const char*>(data), size));
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
