#pragma once
// The compiled shadow rule: production -> shadow data source mappings, shadow tables with
// their algorithms, and the default (hint) algorithm.
#include <memory>
#include <string>
#include <vector>

#include "sqlroute/algorithm.h"

namespace sqlroute::rules {

struct ShadowMapping {
  std::string name;
  std::string production;
  std::string shadow;
};

struct NamedShadowAlgorithm {
  std::string name;
  std::shared_ptr<const ShadowAlgorithm> algorithm;
};

struct ShadowTable {
  std::string table;  // lower-cased
  std::vector<std::size_t> mappings;  // indexes into ShadowRule::mappings
  std::vector<NamedShadowAlgorithm> algorithms;
};

struct ShadowRule {
  std::vector<ShadowMapping> mappings;
  std::vector<ShadowTable> tables;
  std::vector<NamedShadowAlgorithm> hint_algorithms;  // every hint algorithm of the rule
  std::shared_ptr<const ShadowAlgorithm> default_algorithm;
};

}  // namespace sqlroute::rules
