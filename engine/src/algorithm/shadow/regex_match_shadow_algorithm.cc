// REGEX_MATCH: a value is shadow when its Java text matches the `regex` prop as a whole.

#include "algorithm/shadow/column_shadow_algorithm.h"
#include "algorithm/shadow/java_regex.h"
#include "algorithm/shadow/shadow_algorithms.h"
#include "sqlroute/error_text.h"

namespace sqlroute::shadow {

namespace {

JavaRegex CompileRegexProp(const Props& props, const std::string& path) {
  std::string pattern = RequiredProp(props, "regex", "REGEX_MATCH", path);
  try {
    return JavaRegex(pattern);
  } catch (const Error& error) {
    throw Error(Message<msg::RegexUnsupported>(arg::pattern = pattern, arg::detail = error.message()), path);
  }
}

class RegexMatchShadowAlgorithm final : public ColumnShadowAlgorithm {
 public:
  RegexMatchShadowAlgorithm(const Props& props, const std::string& path)
      : ColumnShadowAlgorithm(props, path), regex_(CompileRegexProp(props, path)) {}

 protected:
  bool Matches(const std::string& value) const override { return regex_.MatchesWhole(value); }

 private:
  JavaRegex regex_;
};

}  // namespace

std::shared_ptr<const ShadowAlgorithm> CreateRegexMatchShadowAlgorithm(const Props& props, const std::string& path) {
  return std::make_shared<RegexMatchShadowAlgorithm>(props, path);
}

}  // namespace sqlroute::shadow
