// sqlroute-proxy --conf DIR [--port 3307] [--bind 127.0.0.1]
#include <mysql.h>

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <iostream>
#include <string>
#include <thread>

#include "cluster_databases.h"
#include "proxy_server.h"
#include "sqlroute/error.h"

namespace {

int Usage() {
  std::cerr << "usage: sqlroute-proxy --conf DIR [--port 3307] [--bind 127.0.0.1]\n";
  return 2;
}

void JoinCluster(sqlroute::proxy::ProxyContext& context, const std::string& host, std::uint16_t port) {
  context.cluster = sqlroute::proxy::ClusterDatabases::Join(context, *context.config.cluster_mode, host, port);
  std::cout << "sqlroute-proxy in cluster mode, worker id " << context.cluster->worker_id() << std::endl;
}

}  // namespace

int main(int argc, char** argv) {
  std::string conf;
  sqlroute::proxy::ListenOptions options;
  for (int i = 1; i < argc; ++i) {
    std::string arg = argv[i];
    if (i + 1 >= argc) return Usage();
    std::string value = argv[++i];
    if (arg == "--conf") {
      conf = value;
    } else if (arg == "--port") {
      char* end = nullptr;
      long port = std::strtol(value.c_str(), &end, 10);
      if (*end != '\0' || port < 0 || port > 65535) return Usage();
      options.port = static_cast<std::uint16_t>(port);
    } else if (arg == "--bind") {
      options.bind = value;
    } else {
      return Usage();
    }
  }
  if (conf.empty()) return Usage();
  mysql_library_init(0, nullptr, nullptr);
  try {
    std::unique_ptr<sqlroute::proxy::ProxyContext> context = sqlroute::proxy::LoadContext(conf);
    // In cluster mode the proxy joins the registry as host@port before it listens, so that its
    // first clients find the registry's databases; with --port 0 the port is known once bound.
    bool cluster = context->config.cluster_mode.has_value();
    if (cluster && options.port != 0) JoinCluster(*context, options.bind, options.port);
    sqlroute::proxy::ProxyServer server(*context, options);
    if (cluster && options.port == 0) JoinCluster(*context, options.bind, server.port());
    // 0, the default (ShardingSphere's too, where Netty then takes twice the cores), is half the
    // cores here: the clients and storage units beside the proxy need the rest (sysbench point
    // select on 2 cores, 32 threads: 1 I/O thread rather than 2, proxy CPU per statement 43 -> 34
    // us, context switches per statement 1.2 -> 0.4).
    std::size_t io_threads = context->config.Count("proxy-frontend-executor-size", 0);
    if (io_threads == 0) io_threads = std::max(1u, std::thread::hardware_concurrency() / 2);
    if (server.metrics_port() != 0) std::cout << "sqlroute-proxy metrics on port " << server.metrics_port() << std::endl;
    std::cout << "sqlroute-proxy listening on " << options.bind << ":" << server.port() << std::endl;
    server.Run(io_threads);
    // Finish the worker pool's queue while the I/O context its replies are posted to still exists.
    context->cluster.reset();
    context->workers.reset();
  } catch (const sqlroute::Error& error) {
    std::cerr << "sqlroute-proxy: " << error.what() << "\n";
    return 1;
  } catch (const std::exception& error) {
    std::cerr << "sqlroute-proxy: " << error.what() << "\n";
    return 1;
  }
  mysql_library_end();
  return 0;
}
