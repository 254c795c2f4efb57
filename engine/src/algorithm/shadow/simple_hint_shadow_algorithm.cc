// SIMPLE_HINT (5.0/5.1): a hint algorithm whose props (e.g. `shadow: true`, `user_id: 2`) must
// all appear, with equal values, among the statement's hint pairs (see simple_shadow_hint.h);
// extra pairs in the hint are allowed.
#include "algorithm/shadow/shadow_algorithms.h"
#include "sqlroute/error_text.h"

namespace sqlroute::shadow {

namespace {

class SimpleHintShadowAlgorithm final : public ShadowAlgorithm {
 public:
  explicit SimpleHintShadowAlgorithm(Props props) : props_(std::move(props)) {}
  bool IsHintAlgorithm() const override { return true; }
  bool IsShadow(const ShadowCheckInput& input) const override {
    for (const auto& [key, value] : props_.items()) {
      auto found = input.hints.find(key);
      if (found == input.hints.end() || found->second != value) return false;
    }
    return true;
  }

 private:
  Props props_;
};

}  // namespace

std::shared_ptr<const ShadowAlgorithm> CreateSimpleHintShadowAlgorithm(const Props& props, const std::string& path) {
  if (props.empty()) {
    throw Error(Message<msg::SimpleHintWithoutProps>(), path);
  }
  return std::make_shared<SimpleHintShadowAlgorithm>(props);
}

}  // namespace sqlroute::shadow
