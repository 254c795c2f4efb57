#pragma once
// How the engine's stages reach what a RuleSet compiled, and how the rule set's builders wrap
// newly compiled rules: the public RuleSet keeps its compiled rules to itself.
#include <memory>

#include "rules/compiled_rules.h"
#include "sqlroute/rule_set.h"

namespace sqlroute::rules {

struct RuleSetAccess {
  static const CompiledRules& Compiled(const RuleSet& rule_set) { return *rule_set.compiled_; }
  static std::shared_ptr<const RuleSet> Wrap(std::shared_ptr<const CompiledRules> compiled) {
    return std::shared_ptr<const RuleSet>(new RuleSet(std::move(compiled)));
  }
};

}  // namespace sqlroute::rules
