#pragma once
// What every client connection of one proxy shares.
#include <atomic>
#include <cstddef>
#include <cstdint>
#include <memory>
#include <string>

#include "logic_database.h"
#include "proxy_observability.h"
#include "server_config.h"
#include "statement_executor.h"
#include "worker_pool.h"

namespace sqlroute::proxy {

class ClusterDatabases;

struct ProxyContext {
  ServerConfig config;
  DatabaseRegistry databases;
  std::unique_ptr<WorkerPool> workers;  // statements that write rule files; SIGHUP reloads
  std::unique_ptr<StatementExecutor> executor;
  std::unique_ptr<ProxyObservability> observability;
  std::size_t max_allowed_packet = 64 << 20;
  std::string server_version = "5.7.22-sqlroute-proxy";
  std::atomic<std::uint32_t> next_connection_id{1};
  // Commands waiting on the storage units or the worker pool whose reply is not written yet
  // (SIGTERM waits for them).
  std::atomic<std::size_t> in_flight{0};
  // Cluster mode: the registry's databases (null when standalone). Last, so that it leaves the
  // registry before what it publishes to goes.
  std::shared_ptr<ClusterDatabases> cluster;

  // Adds a logical database, its engine observed as server.yaml says; false when the name is taken.
  bool AddDatabase(std::shared_ptr<LogicDatabase> database) {
    observability->Attach(database->engine());
    return databases.Add(std::move(database));
  }
};

}  // namespace sqlroute::proxy
