#pragma once
// Cluster mode: instances share one database's rules, storage units, replica states and
// worker ids through a ZooKeeper registry laid out as ShardingSphere 5.5 lays it out
// (mode: {type: Cluster, repository: {type: ZooKeeper}}). A ClusterMember is one instance
// in the registry; what it loads it hands to a RulesHost, which compiles and swaps the rules
// (sqlroute/cluster_engine.h binds one to an Engine). The engine library does not depend on this.
#include <cstdint>
#include <functional>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace sqlroute::cluster {

// `zookeeper://host:port[,host:port...]/namespace` (ShardingSphere's server-lists and namespace).
struct RegistryUrl {
  std::string servers;    // host:port,host:port
  std::string namespace_name;
  // Throws Error(REGISTRY_URL_INVALID).
  static RegistryUrl Parse(const std::string& url);
};

struct ClusterOptions {
  std::string url;       // zookeeper://host:port/namespace
  std::string database;  // the logic database this instance serves (empty with all_databases)
  // A proxy serves every database of the registry (ShardingSphere-Proxy's loadAllDatabaseNames):
  // it follows databases as they are created and dropped.
  bool all_databases = false;
  // ZooKeeper digest "user:password" (ShardingSphere's `digest` prop); nodes are then created
  // with CREATOR_ALL_ACL. A secret: never logged or shown.
  std::string digest;
  int session_timeout_ms = 60000;    // timeToLiveSeconds (60)
  int connect_timeout_ms = 1500;     // retryIntervalMilliseconds (500) x maxRetries (3)
  std::string instance_type = "jdbc";  // "jdbc" (embedded) or "proxy"
  std::string attribute;             // jdbc: host (default: 127.0.0.1); proxy: host@port
  std::vector<std::string> labels;
  // ShardingSphere YAML (with secrets) written when the database is not in the registry yet;
  // empty: the database must be there.
  std::string initial_yaml;
  // all_databases: database name -> ShardingSphere YAML (with secrets), written only when the
  // registry holds no database at all (MetaDataContextsFactory creates by local configuration
  // then; otherwise the registry's databases win and these are ignored).
  std::map<std::string, std::string> initial_databases;
  // Where log lines go (default: stderr). Lines never hold secrets.
  std::function<void(const std::string&)> log;
};

// The options a ShardingSphere `mode:` section asks for (a rule file's or server.yaml's):
//   mode: {type: Cluster, repository: {type: ZooKeeper, props: {namespace: ns, server-lists: "h:2181",
//          digest: "user:pw", timeToLiveSeconds: 60, retryIntervalMilliseconds: 500, maxRetries: 3}}}
// with `database` the file's databaseName (default logic_db); nullopt without a mode or for Standalone. Throws
// Error(CONFIG_*) for another repository type or a missing namespace / server-lists.
std::optional<ClusterOptions> ModeOptions(const std::string& yaml);

// What the registry holds for the database, ready to compile.
struct RegistrySnapshot {
  std::string database;
  std::string yaml;  // ShardingSphere YAML with secrets, worker id set on SNOWFLAKE key generators
  std::map<std::string, std::vector<std::string>> disabled_read_data_sources;  // group -> replicas
};

// The engine side of a member. Publish and WithDistSql run on the member's threads.
class RulesHost {
 public:
  virtual ~RulesHost() = default;
  // Compiles the snapshot and swaps it in atomically; throws sqlroute::Error when it does not compile.
  virtual void Publish(const RegistrySnapshot& snapshot) = 0;
  // `yaml` (as the registry holds it) with a DistSQL script applied, as YAML with secrets.
  virtual std::string WithDistSql(const std::string& yaml, const std::string& script) = 0;
  // all_databases: `database` is no longer in the registry (DROP DATABASE on some instance).
  virtual void Drop(const std::string& database) {}
};

// One row of SHOW COMPUTE NODES.
struct ComputeNode {
  std::string instance_id;
  std::string instance_type;  // jdbc | proxy
  std::string host;
  int port = 0;
  std::string status;
  std::string mode_type = "Cluster";
  int worker_id = -1;
  std::vector<std::string> labels;
  std::string version;
  std::string database_name;
};

// How the member's link to the registry is doing (metrics).
struct ClusterStatus {
  bool connected = false;
  std::uint64_t synced_changes = 0;    // rule snapshots published
  std::uint64_t rejected_changes = 0;  // snapshots that did not compile or were inconsistent (old rules kept)
  std::uint64_t disconnects = 0;       // times the connection was lost
  std::uint64_t session_expiries = 0;  // sessions lost (re-registered after)
  std::uint64_t registry_errors = 0;   // failed registry reads while syncing
  double seconds_since_sync = 0;       // since the registry's rules were last confirmed current
  int worker_id = -1;
  std::string last_problem;            // the last rejected change or failure, without secrets
};

class ClusterMember {
 public:
  // Connects, registers the instance online with a worker id, loads the database (writing
  // `initial_yaml` when it is absent), publishes it to `host`, then follows the registry on a
  // thread of its own. Throws Error(REGISTRY_*) when any of this fails.
  static std::unique_ptr<ClusterMember> Join(ClusterOptions options, std::shared_ptr<RulesHost> host);
  ~ClusterMember();

  // Applies DistSQL to the registry's rules and writes the result in one transaction (retried
  // when another instance wrote in between); on return this instance routes on it, and the
  // others follow. Throws the DistSQL's Error(CONFIG_*) or Error(REGISTRY_*).
  void ApplyDistSql(const std::string& script);
  void ApplyDistSql(const std::string& database, const std::string& script);
  // The same for any change of the rules: `change` maps the registry's YAML (with secrets) to the
  // new YAML, and may run more than once (once per attempt). Table metadata is written this way.
  void ApplyChange(const std::string& database, const std::function<std::string(const std::string&)>& change);
  // Disables or enables a replica of a read/write group for every instance
  // (/nodes/qualified_data_sources/{db}.{group}.{replica}); on return this instance uses it.
  void SetReadDataSourceEnabled(const std::string& group, const std::string& replica, bool enabled);
  void SetReadDataSourceEnabled(const std::string& database, const std::string& group, const std::string& replica,
                                bool enabled);
  // CREATE DATABASE / DROP DATABASE for every instance (/metadata/{db}, as ShardingSphere's
  // DatabaseMetaDataPersistService adds and drops it); false when it exists / does not exist.
  // On return this instance serves the change.
  bool CreateDatabase(const std::string& database);
  bool DropDatabase(const std::string& database);
  // The global rules (/rules/{type}: authority, transaction, sql_parser, ...): those of `local`
  // (type -> YAML) the registry lacks are written first, as ShardingSphere persists a first
  // start's global rules; then every global rule the registry holds, type -> YAML.
  std::map<std::string, std::string> SyncGlobalRules(const std::map<std::string, std::string>& local);
  // SHOW COMPUTE NODES: the live instances, read from the registry.
  std::vector<ComputeNode> ComputeNodes() const;
  // Waits until this instance has synced with the registry after the call (true) or timeout.
  bool WaitForSync(int timeout_ms) const;

  const std::string& instance_id() const;
  int worker_id() const;
  ClusterStatus status() const;
  // Leaves the registry: the session closes, the ephemeral nodes and the worker id go.
  void Close();

  // Ends the session from the server side, as a lost network long enough would: the member
  // then sees the expiry and registers again. For fault tests.
  void ExpireSession();

  struct State;

 private:
  explicit ClusterMember(std::shared_ptr<State> state);
  std::shared_ptr<State> state_;
};

}  // namespace sqlroute::cluster
