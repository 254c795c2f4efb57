#pragma once
// Base of the column shadow algorithms (VALUE_MATCH, REGEX_MATCH): props `column` and
// `operation`; a check applies only when the input's operation and column (case-sensitive)
// equal them, and is shadow when every value in the input matches (at least one value).
#include <string>

#include "sqlroute/algorithm.h"

namespace sqlroute::shadow {

class ColumnShadowAlgorithm : public ShadowAlgorithm {
 public:
  // Reads `column` and `operation`; throws Error(CONFIG_ALGORITHM_PROPS, ..., path).
  ColumnShadowAlgorithm(const Props& props, const std::string& path);

  bool IsHintAlgorithm() const final { return false; }
  bool IsShadow(const ShadowCheckInput& input) const final;
  std::string column() const final { return column_; }
  std::string operation() const final { return operation_; }  // lower case

 protected:
  // Whether one value, as Java's String.valueOf prints it, is a shadow value.
  virtual bool Matches(const std::string& value) const = 0;

 private:
  std::string column_;
  std::string operation_;
};

// A required prop (non-empty unless `may_be_empty`); throws Error(CONFIG_ALGORITHM_PROPS,
// ..., path) otherwise.
std::string RequiredProp(const Props& props, const std::string& key, const std::string& algorithm,
                         const std::string& path, bool may_be_empty = false);

}  // namespace sqlroute::shadow
