#pragma once
// The proxy in cluster mode (server.yaml `mode: {type: Cluster, repository: {type: ZooKeeper}}`),
// as ShardingSphere-Proxy runs it: its logical databases are the registry's and follow it;
// DistSQL, CREATE / DROP DATABASE and replica switches are written to the registry and reach
// every instance; the proxy is a compute node of type PROXY (host@port) with a worker id for
// its Snowflake keys.
#include <cstdint>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "sqlroute/cluster.h"
#include "statement_executor.h"

namespace sqlroute::proxy {

struct ProxyContext;

class ClusterDatabases {
 public:
  // Joins the registry as the PROXY instance host@port. The conf dir's rule files are written
  // to the registry when it holds no database yet (ShardingSphere's MetaDataContextsFactory
  // creates by local configuration only then); the registry's databases are then served.
  // server.yaml's global rules are written where the registry lacks them, and the registry's
  // authority users replace server.yaml's.
  // Throws sqlroute::Error (REGISTRY_*, CONFIG_*).
  static std::shared_ptr<ClusterDatabases> Join(ProxyContext& context, cluster::ClusterOptions options,
                                                const std::string& host, std::uint16_t port);
  ~ClusterDatabases();

  // A DistSQL update for `database`, written to the registry; `ALTER READWRITE_SPLITTING RULE g
  // ENABLE|DISABLE r` sets the replica's state (qualified_data_sources). Throws sqlroute::Error.
  void ApplyDistSql(const std::string& database, const std::string& sql);
  bool CreateDatabase(const std::string& name);  // false when the registry has it
  bool DropDatabase(const std::string& name);    // false when the registry does not have it
  // SHOW COMPUTE NODES, with ShowComputeNodesExecutor's columns.
  StatementResult ShowComputeNodes() const;
  int worker_id() const { return member_->worker_id(); }
  // SIGHUP: the registry read again (the rule files are only a first start's configuration).
  // Throws Error(REGISTRY_UNAVAILABLE) when that does not happen within 10 s.
  void Resync();

 private:
  class Host;
  std::shared_ptr<Host> host_;
  std::string servers_;
  std::unique_ptr<cluster::ClusterMember> member_;
};

// SHOW COMPUTE NODES (any case, spacing, trailing `;`).
bool IsShowComputeNodes(std::string_view sql);

}  // namespace sqlroute::proxy
