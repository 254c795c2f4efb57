#pragma once
// Algorithm and rule properties: an ordered list of key/value text pairs, as written.
#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace sqlroute {

class Props {
 public:
  Props() = default;
  Props(std::initializer_list<std::pair<std::string, std::string>> items) : items_(items) {}

  void Set(std::string key, std::string value);  // replaces an existing key
  std::optional<std::string> Get(const std::string& key) const;
  bool Has(const std::string& key) const { return Get(key).has_value(); }
  const std::vector<std::pair<std::string, std::string>>& items() const { return items_; }
  bool empty() const { return items_.empty(); }
  friend bool operator==(const Props& a, const Props& b) { return a.items_ == b.items_; }

  // True for keys whose values are secrets (keys, passwords): never printed.
  static bool IsSecretKey(const std::string& key);

 private:
  std::vector<std::pair<std::string, std::string>> items_;
};

}  // namespace sqlroute
