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
constexpr int kMaxDepth = 4;  // rules/{type}/{field}/{name}, schemas/{schema}/tables/{table}

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

// Reads the database level by level, each level in one pipelined round trip: the folders
// (listing their children), then every item's active_version and versions, then the contents.
DatabaseState MetadataStore::ReadOnce(bool watch) {
  DatabaseState state;
  const std::string database = paths_.Database(database_);
  state.exists = client_.Exists(database, watch);
  if (!state.exists) return state;
  struct Folder {
    std::string path;
    std::string key;
    int depth;
  };
  std::vector<Folder> folders = {{paths_.StorageUnits(database_), "data_sources/units", 1},
                                 {paths_.Rules(database_), "rules", 0},
                                 {paths_.Database(database_) + "/schemas", "schemas", 0}};
  std::vector<Folder> items = {{paths_.Props(), kPropsKey, 0}};
  while (!folders.empty()) {
    std::vector<std::string> listed;
    for (const Folder& folder : folders) listed.push_back(folder.path);
    std::vector<NodeRead> reads = client_.ChildrenMany(listed, watch);
    std::vector<Folder> next;
    for (std::size_t i = 0; i < folders.size(); ++i) {
      const std::vector<std::string>& children = reads[i].children;
      state.fingerprint.push_back(folders[i].key + "/");
      for (const std::string& child : children) state.fingerprint.back() += child + ",";
      bool is_item = std::find(children.begin(), children.end(), "active_version") != children.end() ||
                     std::find(children.begin(), children.end(), "versions") != children.end();
      if (is_item && folders[i].key != "rules") {
        items.push_back(folders[i]);
      } else if (folders[i].depth < kMaxDepth) {
        for (const std::string& child : children) {
          // Of a schema, only its tables are items sqlroute reads and writes (its views are left alone).
          if (folders[i].depth == 1 && folders[i].key.rfind("schemas/", 0) == 0 && child != "tables") continue;
          next.push_back({folders[i].path + "/" + child, folders[i].key + "/" + child, folders[i].depth + 1});
        }
      }
    }
    folders = std::move(next);
  }
  std::vector<std::string> actives, version_lists;
  for (const Folder& item : items) {
    actives.push_back(ActiveVersionOf(item.path));
    version_lists.push_back(VersionsOf(item.path));
  }
  std::vector<NodeRead> active_reads = client_.GetMany(actives, watch);
  std::vector<NodeRead> version_reads = client_.ChildrenMany(version_lists, watch);
  std::vector<std::string> contents;
  std::vector<std::size_t> content_items;
  for (std::size_t i = 0; i < items.size(); ++i) {
    ItemVersions& versions = state.versions[items[i].key];
    for (const std::string& child : version_reads[i].children) {
      int version = 0;
      if (ParseVersion(child, version)) versions.versions.push_back(version);
    }
    std::sort(versions.versions.begin(), versions.versions.end());
    if (!active_reads[i].exists) {
      state.fingerprint.push_back(items[i].key + "=unwritten");
      continue;
    }
    int version = 0;
    if (!ParseVersion(active_reads[i].data, version)) {
      throw Error(Message<msg::RegistryContentInvalid>(arg::path = actives[i], arg::what = "active version",
                                                       arg::detail = "not a version number"));
    }
    versions.active = version;
    versions.active_node_version = active_reads[i].stat.version;
    state.fingerprint.push_back(items[i].key + "=" + std::to_string(active_reads[i].stat.mzxid));
    contents.push_back(VersionOf(items[i].path, version));
    content_items.push_back(i);
  }
  std::vector<NodeRead> content_reads = client_.GetMany(contents, watch);
  for (std::size_t j = 0; j < contents.size(); ++j) {
    const Folder& item = items[content_items[j]];
    if (!content_reads[j].exists) {
      state.fingerprint.push_back("incomplete");
      state.versions[item.key].active = -1;
      continue;
    }
    state.items[item.key] = content_reads[j].data;
  }
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
