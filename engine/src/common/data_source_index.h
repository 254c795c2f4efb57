#pragma once
// Numbers data source names in order of first appearance: a linear search among a few, a hash
// index for many (a route over thousands of data sources stays linear in its units).
#include <array>
#include <string>
#include <string_view>
#include <unordered_map>

namespace sqlroute {

class DataSourceIndex {
 public:
  // `lookups`: how many names will be looked up, at most (it decides the search).
  explicit DataSourceIndex(std::size_t lookups) : hashed_(lookups > kFew) {}

  // The number of `name`, which must outlive the index: its own, or the next one for a new name.
  std::size_t Find(const std::string& name) {
    if (hashed_) return index_.emplace(name, index_.size()).first->second;
    for (std::size_t i = 0; i < count_; ++i) {
      // Names such as ds_0, ds_1 differ in their last byte: compared first, it spares most calls
      // to memcmp (route/sharding/simple_range/reused: 19 per statement).
      const std::string& seen = *few_[i];
      if (seen.size() == name.size() && (name.empty() || seen.back() == name.back()) && seen == name) return i;
    }
    few_[count_] = &name;
    return count_++;
  }

 private:
  static constexpr std::size_t kFew = 32;
  bool hashed_;
  std::array<const std::string*, kFew> few_;  // the first count_ are set
  std::size_t count_ = 0;
  std::unordered_map<std::string_view, std::size_t> index_;
};

}  // namespace sqlroute
