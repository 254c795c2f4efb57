// SQL_HINT: a hint algorithm that matches when the statement carries SHADOW=true (the
// `/* SHARDINGSPHERE_HINT: SHADOW=true */` comment or the per-call hint).
#include "algorithm/shadow/shadow_algorithms.h"

namespace sqlroute::shadow {

namespace {

class SqlHintShadowAlgorithm final : public ShadowAlgorithm {
 public:
  bool IsHintAlgorithm() const override { return true; }
  bool IsShadow(const ShadowCheckInput& input) const override { return input.shadow_hint; }
};

}  // namespace

std::shared_ptr<const ShadowAlgorithm> CreateSqlHintShadowAlgorithm(const Props&, const std::string&) {
  return std::make_shared<SqlHintShadowAlgorithm>();
}

}  // namespace sqlroute::shadow
