#pragma once
// A ZooKeeper session over the C client (zookeeper_mt), with the operations ShardingSphere's
// ZookeeperRepository uses: get/set, persistent, ephemeral and exclusive-ephemeral creates,
// recursive deletes, children, one-shot watches, and a multi-op transaction. Paths are
// absolute and already include the namespace. Errors are sqlroute::Error (REGISTRY_*).
#include <zookeeper/zookeeper.h>

#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <vector>

namespace sqlroute::cluster {

// What a watch or a session change reports; it runs on the client's own thread and must not
// call back into the session.
struct SessionEvent {
  int type;   // ZOO_SESSION_EVENT, ZOO_CHANGED_EVENT, ...
  int state;  // ZOO_CONNECTED_STATE, ZOO_EXPIRED_SESSION_STATE, ...
};

// One step of ZkClient::Multi.
struct ZkOp {
  enum class Kind { Create, Set, Delete, Check };
  Kind kind;
  std::string path;
  std::string value;
  int version = -1;  // Set/Delete/Check: the data version expected (-1: any)
};

// One node as a batched read saw it.
struct NodeRead {
  bool exists = false;
  std::string data;                   // GetMany
  std::vector<std::string> children;  // ChildrenMany, sorted
  Stat stat{};
};

class ZkClient {
 public:
  // Starts connecting; `digest` ("user:password", may be empty) is added as digest auth and
  // then every node is created with CREATOR_ALL_ACL, as ShardingSphere's ACLProvider does.
  ZkClient(std::string servers, int session_timeout_ms, std::string digest,
           std::function<void(const SessionEvent&)> on_event);
  ~ZkClient();
  ZkClient(const ZkClient&) = delete;
  ZkClient& operator=(const ZkClient&) = delete;

  // Waits until connected; false on timeout or an expired / failed session.
  bool WaitConnected(int timeout_ms);
  bool connected() const;
  bool expired() const;
  const std::string& servers() const { return servers_; }

  // nullopt when the node does not exist. `watch` leaves a one-shot watch on the node.
  std::optional<std::string> Get(const std::string& path, bool watch = false, Stat* stat = nullptr);
  bool Exists(const std::string& path, bool watch = false, Stat* stat = nullptr);
  // Empty when the node does not exist; sorted.
  std::vector<std::string> Children(const std::string& path, bool watch = false);
  // Reads of many nodes in one round trip (the requests are pipelined), in the order given.
  std::vector<NodeRead> GetMany(const std::vector<std::string>& paths, bool watch = false);
  std::vector<NodeRead> ChildrenMany(const std::vector<std::string>& paths, bool watch = false);
  // Persistent create of the node and its missing parents; an existing node is updated.
  void Persist(const std::string& path, const std::string& value);
  // Creates the missing parents of `path` (empty persistent nodes).
  void CreateParents(const std::string& path);
  // Ephemeral node: an existing one is replaced (ShardingSphere's persistEphemeral).
  void PersistEphemeral(const std::string& path, const std::string& value);
  // Ephemeral create that fails (false) when the node exists (persistExclusiveEphemeral).
  bool CreateExclusiveEphemeral(const std::string& path, const std::string& value);
  void DeleteRecursive(const std::string& path);
  // All or nothing; false when a check, version or existence condition fails.
  bool Multi(const std::vector<ZkOp>& ops);

  // The session's id and password, to open a second handle on the same session.
  clientid_t client_id() const;
  // Opens a second handle on `session` and closes it: the server ends the session, and its
  // first handle sees it expire (how ZooKeeper's own tests expire a session).
  static void CloseSession(const std::string& servers, const clientid_t& session, int timeout_ms);

 private:
  static void OnWatch(zhandle_t* handle, int type, int state, const char* path, void* context);
  std::vector<NodeRead> ReadMany(const std::vector<std::string>& paths, bool watch, bool children);
  [[noreturn]] void Fail(int rc, const char* operation, const std::string& path) const;
  const ACL_vector* Acl() const;

  std::string servers_;
  std::string digest_;
  std::function<void(const SessionEvent&)> on_event_;
  zhandle_t* handle_ = nullptr;
};

}  // namespace sqlroute::cluster
