// VALUE_MATCH: a value is shadow when its Java text equals the `value` prop.
#include "algorithm/shadow/column_shadow_algorithm.h"
#include "algorithm/shadow/shadow_algorithms.h"

namespace sqlroute::shadow {

namespace {

class ValueMatchShadowAlgorithm final : public ColumnShadowAlgorithm {
 public:
  ValueMatchShadowAlgorithm(const Props& props, const std::string& path)
      : ColumnShadowAlgorithm(props, path), value_(RequiredProp(props, "value", "VALUE_MATCH", path, true)) {}

 protected:
  bool Matches(const std::string& value) const override { return value == value_; }

 private:
  std::string value_;
};

}  // namespace

std::shared_ptr<const ShadowAlgorithm> CreateValueMatchShadowAlgorithm(const Props& props, const std::string& path) {
  return std::make_shared<ValueMatchShadowAlgorithm>(props, path);
}

}  // namespace sqlroute::shadow
