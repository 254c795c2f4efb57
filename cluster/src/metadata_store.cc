#include "metadata_store.h"

#include <algorithm>
#include <chrono>
#include <thread>
#include <set>

#include "sqlroute/error.h"
#include "sqlroute/error_text.h"

namespace sqlroute::cluster {
namespace {

constexpr int kLoadAttempts = 12;  // about 0.4 s of retries
constexpr int kMaxDepth = 4;  // rules/{type}/{field}/{name}

bool ParseVersion(const std::string& text, int& version) {
  if (text.empty() || text.size() > 9 || !std::all_of(text.begin(), text.end(), ::isdigit)) return false;
  version = std::stoi(text);
  return true;
}

}  // namespace

MetadataStore::MetadataStore(ZkClient& client, const NodePaths& paths, std::string database)
    : client_(client), paths_(paths), database_(std::move(database)) {}

std::string MetadataStore::ItemPath(const std::string& key) const {
  return key == kPropsKey ? paths_.Props() : paths_.Database(database_) + "/" + key;
}

void MetadataStore::ReadItem(DatabaseState& state, const std::string& path, const std::string& key, bool watch) {
  ItemVersions& versions = state.versions[key];
  for (const std::string& child : client_.Children(VersionsOf(path), watch)) {
    int version = 0;
    if (ParseVersion(child, version)) versions.versions.push_back(version);
  }
  std::sort(versions.versions.begin(), versions.versions.end());
  Stat stat{};
  std::optional<std::string> active = client_.Get(ActiveVersionOf(path), watch, &stat);
  if (!active) {
    state.fingerprint.push_back(key + "=unwritten");
    return;
  }
  int version = 0;
  if (!ParseVersion(*active, version)) {
    throw Error(Message<msg::RegistryContentInvalid>(arg::path = ActiveVersionOf(path), arg::what = "active version",
                                                     arg::detail = "not a version number"));
  }
  std::optional<std::string> content = client_.Get(VersionOf(path, version), watch);
  state.fingerprint.push_back(key + "=" + std::to_string(stat.mzxid) + (content ? "" : ":missing"));
  if (!content) {
    state.fingerprint.push_back("incomplete");
    return;
  }
  versions.active = version;
  versions.active_node_version = stat.version;
  state.items[key] = *content;
}

void MetadataStore::Walk(DatabaseState& state, const std::string& path, const std::string& key, int depth,
                         bool watch) {
  std::vector<std::string> children = client_.Children(path, watch);
  state.fingerprint.push_back(key + "/");
  for (const std::string& child : children) state.fingerprint.back() += child + ",";
  bool is_item = std::find(children.begin(), children.end(), "active_version") != children.end() ||
                 std::find(children.begin(), children.end(), "versions") != children.end();
  if (is_item) {
    ReadItem(state, path, key, watch);
    return;
  }
  if (depth >= kMaxDepth) return;
  for (const std::string& child : children) Walk(state, path + "/" + child, key + "/" + child, depth + 1, watch);
}

DatabaseState MetadataStore::ReadOnce(bool watch) {
  DatabaseState state;
  const std::string database = paths_.Database(database_);
  state.exists = client_.Exists(database, watch);
  if (!state.exists) return state;
  const std::string units = paths_.StorageUnits(database_);
  for (const std::string& unit : client_.Children(units, watch)) {
    ReadItem(state, units + "/" + unit, "data_sources/units/" + unit, watch);
  }
  Walk(state, paths_.Rules(database_), "rules", 0, watch);
  ReadItem(state, paths_.Props(), kPropsKey, watch);
  return state;
}

DatabaseState MetadataStore::Load(bool watch) {
  for (int attempt = 0; attempt < kLoadAttempts; ++attempt) {
    DatabaseState first = ReadOnce(watch);
    DatabaseState second = ReadOnce(false);
    bool complete = std::find(first.fingerprint.begin(), first.fingerprint.end(), "incomplete") == first.fingerprint.end();
    if (first.fingerprint == second.fingerprint && complete) return first;
    // A writer between its content and its active version: give it a moment.
    std::this_thread::sleep_for(std::chrono::milliseconds(5 * (attempt + 1)));
  }
  throw Error(Message<msg::RegistryContentInvalid>(
      arg::path = paths_.Database(database_), arg::what = "consistent rules",
      arg::detail = "an active version names content that does not exist, or the rules kept changing"));
}

bool MetadataStore::Write(const DatabaseState& base, const RuleItems& items) {
  if (!base.exists) client_.CreateParents(paths_.Database(database_) + "/data_sources");  // the database node
  std::vector<ZkOp> ops;
  std::set<std::string> keys;
  for (const auto& [key, content] : base.items) keys.insert(key);
  for (const auto& [key, content] : items) keys.insert(key);
  for (const std::string& key : keys) {
    const std::string path = ItemPath(key);
    auto old_item = base.items.find(key);
    auto new_item = items.find(key);
    auto found = base.versions.find(key);
    ItemVersions versions = found == base.versions.end() ? ItemVersions{} : found->second;
    if (new_item != items.end() && old_item != base.items.end() && old_item->second == new_item->second) {
      ops.push_back({ZkOp::Kind::Check, ActiveVersionOf(path), "", versions.active_node_version});
      continue;
    }
    if (new_item == items.end()) {
      if (key == kPropsKey) continue;  // global: another database's rules do not remove them
      for (int version : versions.versions) ops.push_back({ZkOp::Kind::Delete, VersionOf(path, version), "", -1});
      ops.push_back({ZkOp::Kind::Delete, VersionsOf(path), "", -1});
      ops.push_back({ZkOp::Kind::Delete, ActiveVersionOf(path), "", versions.active_node_version});
      ops.push_back({ZkOp::Kind::Delete, path, "", -1});
      continue;
    }
    int next = versions.versions.empty() ? 0 : versions.versions.back() + 1;
    client_.CreateParents(VersionOf(path, next));
    ops.push_back({ZkOp::Kind::Create, VersionOf(path, next), new_item->second, -1});
    if (old_item != base.items.end()) {
      ops.push_back({ZkOp::Kind::Set, ActiveVersionOf(path), std::to_string(next), versions.active_node_version});
    } else {
      ops.push_back({ZkOp::Kind::Create, ActiveVersionOf(path), std::to_string(next), -1});
    }
    for (int version : versions.versions) ops.push_back({ZkOp::Kind::Delete, VersionOf(path, version), "", -1});
  }
  return client_.Multi(ops);
}

}  // namespace sqlroute::cluster
