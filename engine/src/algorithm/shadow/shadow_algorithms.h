#pragma once
// Factories of the built-in shadow algorithms (ShardingSphere's ColumnValueMatched-,
// ColumnRegexMatched-, SQLHint- and SimpleHintShadowAlgorithm), registered by
// RegisterShadowAlgorithms().
#include <memory>
#include <string>

#include "sqlroute/algorithm.h"

namespace sqlroute::shadow {

std::shared_ptr<const ShadowAlgorithm> CreateValueMatchShadowAlgorithm(const Props& props, const std::string& path);
std::shared_ptr<const ShadowAlgorithm> CreateRegexMatchShadowAlgorithm(const Props& props, const std::string& path);
std::shared_ptr<const ShadowAlgorithm> CreateSqlHintShadowAlgorithm(const Props& props, const std::string& path);
std::shared_ptr<const ShadowAlgorithm> CreateSimpleHintShadowAlgorithm(const Props& props, const std::string& path);

}  // namespace sqlroute::shadow
