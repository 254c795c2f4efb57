#pragma once
// What every client connection of one proxy shares.
#include <atomic>
#include <cstddef>
#include <cstdint>
#include <memory>
#include <string>

#include "logic_database.h"
#include "server_config.h"
#include "statement_executor.h"
#include "worker_pool.h"

namespace sqlroute::proxy {

struct ProxyContext {
  ServerConfig config;
  DatabaseRegistry databases;
  std::unique_ptr<WorkerPool> workers;
  std::unique_ptr<StatementExecutor> executor;
  std::size_t max_allowed_packet = 64 << 20;
  std::string server_version = "5.7.22-sqlroute-proxy";
  std::atomic<std::uint32_t> next_connection_id{1};
  // Commands running on the worker pool whose reply is not written yet (SIGTERM waits for them).
  std::atomic<std::size_t> in_flight{0};
};

}  // namespace sqlroute::proxy
