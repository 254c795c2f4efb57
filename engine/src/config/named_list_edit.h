#pragma once
// Editing a NamedList in place, keeping the order of the other items.
#include <algorithm>
#include <set>
#include <string>

#include "config/rule_config.h"

namespace sqlroute::config {

// Replaces the value of `name` where it stands, or appends it.
template <typename T>
void Put(NamedList<T>& list, const std::string& name, T value, const std::string& path) {
  for (auto& each : list) {
    if (each.name == name) {
      each.value = std::move(value);
      return;
    }
  }
  list.push_back({name, std::move(value), path});
}

// Returns whether `name` was there.
template <typename T>
bool Erase(NamedList<T>& list, const std::string& name) {
  auto it = std::find_if(list.begin(), list.end(), [&](const auto& each) { return each.name == name; });
  if (it == list.end()) return false;
  list.erase(it);
  return true;
}

template <typename T>
void KeepReferenced(NamedList<T>& list, const std::set<std::string>& used) {
  list.erase(std::remove_if(list.begin(), list.end(), [&](const auto& each) { return !used.count(each.name); }),
             list.end());
}

}  // namespace sqlroute::config
