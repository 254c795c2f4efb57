#pragma once
// One database's items in the registry, read and written as ShardingSphere's
// MetaDataVersionPersistService does (content in versions/{N}, then active_version = N, older
// versions deleted), with two guarantees it does not give: a load is one consistent moment of
// the registry (read twice until both reads agree), and a write is one ZooKeeper transaction
// (zoo_multi) that fails when anything it was based on changed.
#include <map>
#include <string>
#include <vector>

#include "node_paths.h"
#include "rule_items.h"
#include "zk_client.h"

namespace sqlroute::cluster {

// The key of the global props among a database's items (they live at /props).
inline const char kPropsKey[] = "@props";

struct ItemVersions {
  int active = -1;                // -1: no active_version yet (an item being written)
  int active_node_version = -1;   // the data version of the active_version node
  std::vector<int> versions;      // the versions/{N} present
};

struct DatabaseState {
  bool exists = false;
  RuleItems items;                              // key -> active content (kPropsKey: the props)
  std::map<std::string, ItemVersions> versions; // key -> versions, also of items not yet active
  std::vector<std::string> fingerprint;         // what a second read must find unchanged
};

class MetadataStore {
 public:
  MetadataStore(ZkClient& client, const NodePaths& paths, std::string database);

  // The database at one moment of the registry; `watch` leaves watches on everything read.
  // Throws Error(REGISTRY_CONTENT_INVALID) when an active version has no content after retries.
  DatabaseState Load(bool watch);
  // Replaces `base`'s items with `items` in one transaction; false when the registry changed
  // since `base` was loaded (nothing is written then).
  bool Write(const DatabaseState& base, const RuleItems& items);

  const std::string& database() const { return database_; }

 private:
  DatabaseState ReadOnce(bool watch);
  std::string ItemPath(const std::string& key) const;

  ZkClient& client_;
  const NodePaths& paths_;
  std::string database_;
};

}  // namespace sqlroute::cluster
