#include "sqlroute/rule_set.h"

#include <atomic>

#include "config/yaml_loader.h"
#include "route/compiled_rules.h"

namespace sqlroute {
namespace {

std::uint64_t NextVersion() {
  static std::atomic<std::uint64_t> counter{0};
  return ++counter;
}

}  // namespace

RuleSet::RuleSet(std::shared_ptr<const detail::CompiledRules> compiled)
    : compiled_(std::move(compiled)), version_(NextVersion()) {}

std::shared_ptr<const RuleSet> RuleSet::FromYamlFile(const std::string& path) {
  return std::make_shared<const RuleSet>(detail::Compile(config::LoadYamlFile(path)));
}

std::shared_ptr<const RuleSet> RuleSet::FromYamlString(std::string_view yaml) {
  return std::make_shared<const RuleSet>(detail::Compile(config::LoadYamlString(yaml)));
}

const std::string& RuleSet::database_name() const { return compiled_->config.database_name; }

std::vector<std::string> RuleSet::data_source_names() const { return compiled_->data_sources; }

}  // namespace sqlroute
