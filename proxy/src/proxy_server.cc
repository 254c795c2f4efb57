#include "proxy_server.h"

#include <algorithm>
#include <iostream>
#include <map>
#include <mutex>

#include "client_session.h"
#include "cluster_databases.h"
#include "sqlroute/error_text.h"

namespace sqlroute::proxy {

std::unique_ptr<ProxyContext> LoadContext(const std::string& directory) {
  auto context = std::make_unique<ProxyContext>();
  context->config = LoadServerConfig(directory);
  if (context->config.users.empty()) {
    context->config.users.push_back({"root", "%", "root"});  // ShardingSphere-Proxy's default user
  }
  context->max_allowed_packet = context->config.Count("max-allowed-packet", 64 << 20);
  context->observability = std::make_unique<ProxyObservability>(context->config);
  // In cluster mode the databases are the registry's (ClusterDatabases::Join).
  const std::vector<std::string> no_files;
  for (const std::string& file : context->config.cluster_mode ? no_files : context->config.rule_files) {
    Engine engine = Engine::FromYamlFile(file);
    std::string name = engine.rules()->database_name();
    if (name.empty()) throw Error(Message<msg::DatabaseNameMissing>(), "databaseName");
    if (!context->AddDatabase(std::make_shared<LogicDatabase>(name, std::move(engine), file, context->config.props))) {
      throw Error(Message<msg::DuplicateName>(arg::what = "database", arg::name = name), "databaseName");
    }
  }
  std::size_t workers = context->config.Count("kernel-executor-size", 64);
  context->workers = std::make_unique<WorkerPool>(workers);
  // Checked here so that a bad value stops the start; the engines take it through the props and
  // partition each statement's units by it (Plan::execution_groups).
  context->config.Count("max-connections-size-per-query", 1);
  context->executor = std::make_unique<StatementExecutor>();
  return context;
}

void ReloadRules(ProxyContext& context) {
  if (context.cluster) {
    context.cluster->Resync();
    return;
  }
  // Every rule file is read and its database staged first; then one swap under the registry's
  // lock changes, adds and drops them all, as a restart would serve the directory.
  ServerConfig config = LoadServerConfig(context.config.directory);
  std::vector<std::unique_lock<std::mutex>> locks;
  std::vector<std::pair<std::shared_ptr<LogicDatabase>, LogicDatabase::Staged>> changed;
  std::map<std::string, std::shared_ptr<LogicDatabase>> served;
  for (const std::string& file : config.rule_files) {
    Engine engine = Engine::FromYamlFile(file);
    std::string name = engine.rules()->database_name();
    if (name.empty()) throw Error(Message<msg::DatabaseNameMissing>(), "databaseName");
    std::shared_ptr<LogicDatabase> database = context.databases.Find(name);
    if (database) {
      locks.push_back(database->LockChanges());
      changed.emplace_back(database, database->Stage(engine.rules()));
    } else {
      database = std::make_shared<LogicDatabase>(name, std::move(engine), file, context.config.props);
      context.observability->Attach(database->engine());
    }
    if (!served.emplace(name, database).second) {
      throw Error(Message<msg::DuplicateName>(arg::what = "database", arg::name = name), "databaseName");
    }
  }
  context.databases.Change([&](std::map<std::string, std::shared_ptr<LogicDatabase>>& databases) {
    for (auto& [database, staged] : changed) database->Commit(std::move(staged));
    databases = std::move(served);
  });
}

ProxyServer::ProxyServer(ProxyContext& context, const ListenOptions& options)
    : context_(context),
      acceptor_(io_, asio::ip::tcp::endpoint(asio::ip::make_address(options.bind), options.port)),
      signals_(io_, SIGTERM, SIGINT, SIGHUP),
      drain_timer_(io_),
      housekeeping_timer_(io_) {
  acceptor_.listen(asio::socket_base::max_listen_connections);
  if (context.observability->metrics_enabled()) {
    std::size_t port = context.config.Count("metrics-port", 9090);
    if (port > 65535) throw Error(Message<msg::ProxyPropNotCount>(arg::key = "metrics-port"), "props.metrics-port");
    ProxyContext* shared = &context;
    metrics_ = std::make_unique<MetricsEndpoint>(
        io_, context.config.Text("metrics-host", "127.0.0.1"), static_cast<std::uint16_t>(port),
        [shared] { return shared->observability->metrics().Prometheus(shared->databases); });
  }
}

asio::io_context& ProxyServer::NextClientContext() {
  std::size_t index = next_client_context_++ % (client_io_.size() + 1);
  return index == 0 ? io_ : *client_io_[index - 1];
}

void ProxyServer::Accept() {
  acceptor_.async_accept(NextClientContext(), [this](const asio::error_code& error, asio::ip::tcp::socket socket) {
    if (!error) std::make_shared<ClientSession>(std::move(socket), context_)->Start();
    if (acceptor_.is_open()) Accept();
  });
}

void ProxyServer::WaitForSignal() {
  signals_.async_wait([this](const asio::error_code& error, int signal) {
    if (error) return;
    if (signal == SIGHUP) {
      context_.workers->Submit([this] {
        try {
          ReloadRules(context_);
          std::cerr << "sqlroute-proxy: rules reloaded" << std::endl;
        } catch (const std::exception& failure) {
          std::cerr << "sqlroute-proxy: reload failed, rules unchanged: " << failure.what() << std::endl;
        }
      });
      WaitForSignal();
      return;
    }
    asio::error_code ignored;
    acceptor_.close(ignored);
    housekeeping_timer_.cancel();
    if (metrics_) metrics_->Close();
    DrainThenStop(std::chrono::steady_clock::now() + std::chrono::seconds(30));
  });
}

void ProxyServer::Housekeep() {
  BackendPool::HousekeepAll(io_);
  housekeeping_timer_.expires_after(std::chrono::seconds(1));
  housekeeping_timer_.async_wait([this](const asio::error_code& error) {
    if (!error) Housekeep();
  });
}

void ProxyServer::DrainThenStop(std::chrono::steady_clock::time_point deadline) {
  if (context_.in_flight == 0 || std::chrono::steady_clock::now() >= deadline) {
    for (auto& client_io : client_io_) client_io->stop();
    io_.stop();
    return;
  }
  drain_timer_.expires_after(std::chrono::milliseconds(20));
  drain_timer_.async_wait([this, deadline](const asio::error_code&) { DrainThenStop(deadline); });
}

namespace {

// Runs `io` until it is stopped. An exception out of a handler is reported and the thread goes
// on serving its other clients.
void Serve(asio::io_context& io) {
  while (true) {
    try {
      io.run();
      return;
    } catch (const std::exception& error) {
      std::cerr << "sqlroute-proxy: " << error.what() << std::endl;
    }
  }
}

}  // namespace

void ProxyServer::Run(std::size_t io_threads) {
  for (std::size_t i = 1; i < std::max<std::size_t>(1, io_threads); ++i) {
    client_io_.push_back(std::make_unique<asio::io_context>(1));
  }
  WaitForSignal();
  Accept();
  asio::post(io_, [this] { Housekeep(); });  // the pools open their minimum without delaying the first client
  std::vector<std::thread> threads;
  std::vector<asio::executor_work_guard<asio::io_context::executor_type>> idle_guards;
  for (auto& client_io : client_io_) {
    idle_guards.push_back(asio::make_work_guard(*client_io));
    threads.emplace_back([&io = *client_io] { Serve(io); });
  }
  Serve(io_);
  for (std::thread& thread : threads) thread.join();
  BackendPool::UnbindAllIdle();
}

}  // namespace sqlroute::proxy
