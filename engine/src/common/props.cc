#include "sqlroute/props.h"

#include <algorithm>
#include <cctype>

namespace sqlroute {

void Props::Set(std::string key, std::string value) {
  for (auto& item : items_) {
    if (item.first == key) {
      item.second = std::move(value);
      return;
    }
  }
  items_.emplace_back(std::move(key), std::move(value));
}

std::optional<std::string> Props::Get(const std::string& key) const {
  for (const auto& item : items_) {
    if (item.first == key) return item.second;
  }
  return std::nullopt;
}

bool Props::IsSecretKey(const std::string& key) {
  std::string lower(key);
  std::transform(lower.begin(), lower.end(), lower.begin(), [](unsigned char c) { return std::tolower(c); });
  for (const char* marker : {"password", "key-value", "sm4-key", "sm4-iv", "salt", "secret", "token"}) {
    if (lower.find(marker) != std::string::npos) return true;
  }
  return false;
}

}  // namespace sqlroute
