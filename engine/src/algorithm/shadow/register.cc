#include "algorithm/builtins.h"
#include "algorithm/shadow/shadow_algorithms.h"

namespace sqlroute {

void RegisterShadowAlgorithms(AlgorithmRegistry& registry) {
  registry.RegisterShadow("VALUE_MATCH", shadow::CreateValueMatchShadowAlgorithm);
  registry.RegisterShadow("REGEX_MATCH", shadow::CreateRegexMatchShadowAlgorithm);
  registry.RegisterShadow("SQL_HINT", shadow::CreateSqlHintShadowAlgorithm);
  registry.RegisterShadow("SIMPLE_HINT", shadow::CreateSimpleHintShadowAlgorithm);
}

}  // namespace sqlroute
