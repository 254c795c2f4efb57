#include "algorithm/shadow/column_shadow_algorithm.h"

#include <algorithm>
#include <cctype>

#include "sqlroute/error_text.h"

namespace sqlroute::shadow {

namespace {

std::string Lower(std::string text) {
  std::transform(text.begin(), text.end(), text.begin(), [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
  return text;
}

}  // namespace

std::string RequiredProp(const Props& props, const std::string& key, const std::string& algorithm,
                         const std::string& path, bool may_be_empty) {
  auto value = props.Get(key);
  if (!value || (value->empty() && !may_be_empty)) {
    throw Error(Message<msg::ShadowPropMissing>(arg::algorithm = algorithm, arg::key = key), path);
  }
  return *value;
}

ColumnShadowAlgorithm::ColumnShadowAlgorithm(const Props& props, const std::string& path)
    : column_(RequiredProp(props, "column", "Column", path)),
      operation_(Lower(RequiredProp(props, "operation", "Column", path))) {
  if (operation_ != "select" && operation_ != "insert" && operation_ != "update" && operation_ != "delete") {
    throw Error(Message<msg::ShadowOperationInvalid>(), path);
  }
}

bool ColumnShadowAlgorithm::IsShadow(const ShadowCheckInput& input) const {
  if (Lower(input.operation) != operation_ || input.column != column_ || input.values.empty()) return false;
  return std::all_of(input.values.begin(), input.values.end(),
                     [this](const Value& value) { return Matches(value.ToJavaString()); });
}

}  // namespace sqlroute::shadow
