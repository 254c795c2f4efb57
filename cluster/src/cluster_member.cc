// The member's thread follows the registry: a watch or session event wakes it, it loads the
// database at one consistent moment and publishes it when it changed. It never blocks routing:
// while the registry is away the host keeps its last rules, the member says so (log line,
// ClusterStatus) and catches up when the session is back, or registers again (new worker id)
// when the session expired, as ShardingSphere's SessionConnectionReconnectListener does.
#include <yaml-cpp/yaml.h>

#include <algorithm>
#include <chrono>
#include <condition_variable>
#include <cstdio>
#include <iomanip>
#include <mutex>
#include <random>
#include <sstream>
#include <thread>

#include "compute_nodes.h"
#include "metadata_store.h"
#include "node_paths.h"
#include "rule_items.h"
#include "sqlroute/cluster.h"
#include "sqlroute/error.h"
#include "sqlroute/error_text.h"
#include "zk_client.h"

namespace sqlroute::cluster {
namespace {

using Clock = std::chrono::steady_clock;
constexpr auto kResyncInterval = std::chrono::seconds(2);  // a sync even without an event
constexpr auto kMinBackoff = std::chrono::milliseconds(100);
constexpr auto kMaxBackoff = std::chrono::seconds(5);
constexpr int kWriteAttempts = 10;

std::string NewInstanceId() {
  std::random_device device;
  std::mt19937_64 random((static_cast<std::uint64_t>(device()) << 32) ^ device() ^
                         static_cast<std::uint64_t>(Clock::now().time_since_epoch().count()));
  std::ostringstream out;
  out << std::hex << std::setfill('0');
  std::uint64_t high = random(), low = random();
  high = (high & 0xFFFFFFFFFFFF0FFFull) | 0x4000ull;      // UUID version 4
  low = (low & 0x3FFFFFFFFFFFFFFFull) | 0x8000000000000000ull;  // variant 1
  out << std::setw(8) << (high >> 32) << '-' << std::setw(4) << ((high >> 16) & 0xFFFF) << '-' << std::setw(4)
      << (high & 0xFFFF) << '-' << std::setw(4) << (low >> 48) << '-' << std::setw(12) << (low & 0xFFFFFFFFFFFFull);
  return out.str();
}

// YamlQualifiedDataSourceState.
std::string StateYaml(bool enabled) { return enabled ? "state: ENABLED\n" : "state: DISABLED\n"; }

std::string Describe(const Error& error) {
  std::string text(ErrorCodeName(error.code()));
  if (!error.config_path().empty()) text += " at " + error.config_path();
  return text;
}

}  // namespace

struct ClusterMember::State {
  ClusterOptions options;
  RegistryUrl url;
  NodePaths paths;
  std::shared_ptr<RulesHost> host;
  InstanceData instance;

  std::mutex registry_mutex;  // one registry conversation at a time: the thread's syncs, writes, reads
  std::unique_ptr<ZkClient> client;
  bool registered = false;  // the client's session holds this instance's online nodes and worker id
  bool closed = false;

  std::mutex wake_mutex;
  std::condition_variable wake;
  bool dirty = false;
  bool stop = false;
  std::thread thread;

  // What was published last, per database (guarded by registry_mutex).
  struct Published {
    std::string yaml;
    std::map<std::string, std::vector<std::string>> disabled;
    int worker_id = -1;
    std::string rejected_yaml;
  };
  std::map<std::string, Published> published;

  mutable std::mutex status_mutex;
  mutable std::condition_variable synced;
  ClusterStatus status;
  Clock::time_point last_sync = Clock::now();
  std::uint64_t generation = 0;
  bool connected_seen = true;

  State(ClusterOptions given, std::shared_ptr<RulesHost> rules_host)
      : options(std::move(given)), url(RegistryUrl::Parse(options.url)), paths(url.namespace_name),
        host(std::move(rules_host)) {
    instance.id = NewInstanceId();
    instance.type = options.instance_type;
    instance.attribute = options.attribute.empty() ? "127.0.0.1" : options.attribute;
    instance.version = std::string("sqlroute-") + SQLROUTE_VERSION;
    instance.database = options.database;
    instance.labels = options.labels;
  }

  void Log(const std::string& line) const {
    std::string text = "sqlroute cluster [" + instance.id + "]: " + line;
    if (options.log) {
      options.log(text);
    } else {
      std::fprintf(stderr, "%s\n", text.c_str());
    }
  }

  void Wake() {
    {
      std::lock_guard<std::mutex> lock(wake_mutex);
      dirty = true;
    }
    wake.notify_all();
  }

  void Connect() {
    registered = false;
    client.reset();
    client = std::make_unique<ZkClient>(url.servers, options.session_timeout_ms, options.digest,
                                        [this](const SessionEvent&) { Wake(); });
    if (!client->WaitConnected(options.connect_timeout_ms)) {
      throw Error(Message<msg::RegistryUnavailable>(
          arg::servers = url.servers,
          arg::detail = "no session within " + std::to_string(options.connect_timeout_ms) + " ms"));
    }
  }

  void Register() {
    RegisterOnline(*client, paths, instance);
    int worker_id = AssignWorkerId(*client, paths, instance.id);
    registered = true;
    std::lock_guard<std::mutex> lock(status_mutex);
    status.worker_id = worker_id;
  }

  int worker_id() const {
    std::lock_guard<std::mutex> lock(status_mutex);
    return status.worker_id;
  }

  std::map<std::string, std::vector<std::string>> LoadDisabled(const std::string& database, bool watch) {
    std::map<std::string, std::vector<std::string>> disabled;
    const std::string prefix = database + ".";
    for (const std::string& name : client->Children(paths.QualifiedDataSources(), watch)) {
      if (name.rfind(prefix, 0) != 0) continue;
      std::string rest = name.substr(prefix.size());
      std::size_t dot = rest.find('.');
      if (dot == std::string::npos) continue;
      std::optional<std::string> value = client->Get(paths.QualifiedDataSources() + "/" + name, watch);
      std::string state;
      try {
        state = YAML::Load(value.value_or(""))["state"].as<std::string>("");
      } catch (const YAML::Exception& error) {
        throw Error(Message<msg::RegistryContentInvalid>(arg::path = paths.QualifiedDataSources() + "/" + name,
                                                         arg::what = "data source state", arg::detail = error.msg));
      }
      if (state == "DISABLED") disabled[rest.substr(0, dot)].push_back(rest.substr(dot + 1));
    }
    return disabled;
  }

  static std::string YamlOf(const std::string& database, const DatabaseState& state) {
    RuleItems items = state.items;
    std::string props;
    if (auto found = items.find(kPropsKey); found != items.end()) {
      props = found->second;
      items.erase(found);
    }
    return JoinRules(database, items, props);
  }

  void MarkSynced() {
    {
      std::lock_guard<std::mutex> lock(status_mutex);
      last_sync = Clock::now();
      ++generation;
    }
    synced.notify_all();
  }

  void Reject(const std::string& problem) {
    {
      std::lock_guard<std::mutex> lock(status_mutex);
      ++status.rejected_changes;
      status.last_problem = problem;
    }
    Log(problem + "; routing stays on the last rules");
  }

  // Loads every database served and publishes those that changed; with all_databases, those
  // gone from the registry are dropped. Caller holds registry_mutex.
  void Sync() {
    if (!options.all_databases) {
      SyncDatabase(options.database);
      MarkSynced();
      return;
    }
    std::vector<std::string> names = client->Children(paths.Databases(), /*watch=*/true);
    for (const std::string& name : names) SyncDatabase(name);
    for (auto it = published.begin(); it != published.end();) {
      if (std::find(names.begin(), names.end(), it->first) != names.end()) {
        ++it;
        continue;
      }
      host->Drop(it->first);
      Log("database `" + it->first + "` left the registry");
      it = published.erase(it);
    }
    MarkSynced();
  }

  void SyncDatabase(const std::string& database) {
    DatabaseState state = MetadataStore(*client, paths, database).Load(/*watch=*/true);
    if (!state.exists) {
      if (!options.all_databases) Reject("database `" + database + "` is not in the registry");
      return;
    }
    std::string yaml = YamlOf(database, state);
    auto disabled = LoadDisabled(database, /*watch=*/true);
    int worker = worker_id();
    Published& last = published[database];
    if (yaml == last.yaml && disabled == last.disabled && worker == last.worker_id) return;
    try {
      host->Publish(RegistrySnapshot{database, WithWorkerId(yaml, worker), disabled});
    } catch (const Error& error) {
      if (yaml != last.rejected_yaml) Reject("the registry rules of `" + database + "` do not load (" + Describe(error) + ")");
      last.rejected_yaml = yaml;
      return;
    }
    last = Published{yaml, disabled, worker, ""};
    std::lock_guard<std::mutex> lock(status_mutex);
    ++status.synced_changes;
  }

  // Writes `yaml` as the database's items unless the registry has the database already.
  void WriteInitial(const std::string& database, const std::string& yaml) {
    MetadataStore store(*client, paths, database);
    DatabaseState state = store.Load(/*watch=*/false);
    if (state.exists) return;
    RuleItems items = SplitRules(yaml);
    std::string props = PropsOf(yaml);
    if (!props.empty() && !state.items.count(kPropsKey)) items[kPropsKey] = props;
    store.Write(state, items);  // false: another instance created it first, which is as good
  }

  void CreateInitialDatabases() {
    if (options.all_databases) {
      if (!client->Children(paths.Databases()).empty()) return;
      for (const auto& [database, yaml] : options.initial_databases) WriteInitial(database, yaml);
      return;
    }
    if (!MetadataStore(*client, paths, options.database).Load(/*watch=*/false).exists && options.initial_yaml.empty()) {
      throw Error(Message<msg::RegistryDatabaseNotFound>(arg::database = options.database,
                                                         arg::namespace_name = url.namespace_name));
    }
    WriteInitial(options.database, options.initial_yaml);
  }

  [[noreturn]] void FailAbsent(const std::string& database) const {
    throw Error(Message<msg::DoesNotExist>(arg::what = "database", arg::name = database), paths.Database(database));
  }

  void EnsureOpen() const {
    if (closed) throw Error(Message<msg::ClusterClosed>(arg::instance = instance.id));
  }

  void SetConnected(bool connected) {
    bool changed = false;
    {
      std::lock_guard<std::mutex> lock(status_mutex);
      if (status.connected != connected) {
        status.connected = connected;
        changed = true;
        if (!connected) ++status.disconnects;
      }
    }
    if (changed && !connected) Log("lost the registry " + url.servers + "; routing goes on with the last rules");
    if (changed && connected) Log("registry " + url.servers + " is back; catching up");
  }

  // One pass of the thread: re-register after an expiry, then sync.
  void Step() {
    std::lock_guard<std::mutex> lock(registry_mutex);
    if (closed) return;
    if (client->expired()) {
      SetConnected(false);
      {
        std::lock_guard<std::mutex> status_lock(status_mutex);
        ++status.session_expiries;
      }
      Log("the registry session expired; registering again");
      Connect();
    }
    if (!client->connected()) {
      SetConnected(false);
      return;
    }
    if (!registered) {
      Register();
      Log("registered again with worker id " + std::to_string(worker_id()));
    }
    SetConnected(true);
    Sync();
  }

  void Run() {
    auto backoff = kMinBackoff;
    while (true) {
      {
        std::unique_lock<std::mutex> lock(wake_mutex);
        wake.wait_for(lock, kResyncInterval, [this] { return dirty || stop; });
        if (stop) return;
        dirty = false;
      }
      try {
        Step();
        backoff = kMinBackoff;
      } catch (const Error& error) {
        {
          std::lock_guard<std::mutex> lock(status_mutex);
          ++status.registry_errors;
          status.last_problem = Describe(error);
        }
        std::unique_lock<std::mutex> lock(wake_mutex);
        wake.wait_for(lock, backoff, [this] { return stop; });
        backoff = std::min<std::chrono::milliseconds>(backoff * 2, kMaxBackoff);
        dirty = true;
      }
    }
  }
};

ClusterMember::ClusterMember(std::shared_ptr<State> state) : state_(std::move(state)) {}

std::unique_ptr<ClusterMember> ClusterMember::Join(ClusterOptions options, std::shared_ptr<RulesHost> host) {
  auto state = std::make_shared<State>(std::move(options), std::move(host));
  {
    std::lock_guard<std::mutex> lock(state->registry_mutex);
    state->Connect();
    state->Register();
    state->CreateInitialDatabases();
    state->Sync();
    if (!state->options.all_databases && state->published[state->options.database].yaml.empty()) {
      // The registry's rules do not load: the instance has nothing to route on.
      std::string problem = state->status.last_problem;
      state->client.reset();
      throw Error(Message<msg::RegistryContentInvalid>(arg::path = state->paths.Database(state->options.database),
                                                       arg::what = "rules", arg::detail = problem));
    }
    state->status.connected = true;
  }
  State* raw = state.get();
  state->thread = std::thread([raw] { raw->Run(); });
  return std::unique_ptr<ClusterMember>(new ClusterMember(std::move(state)));
}

ClusterMember::~ClusterMember() { Close(); }

void ClusterMember::ApplyDistSql(const std::string& script) { ApplyDistSql(state_->options.database, script); }

void ClusterMember::ApplyDistSql(const std::string& database, const std::string& script) {
  ApplyChange(database, [&](const std::string& yaml) { return state_->host->WithDistSql(yaml, script); });
}

void ClusterMember::ApplyChange(const std::string& database,
                                const std::function<std::string(const std::string&)>& change) {
  std::lock_guard<std::mutex> lock(state_->registry_mutex);
  state_->EnsureOpen();
  MetadataStore store(*state_->client, state_->paths, database);
  for (int attempt = 0; attempt < kWriteAttempts; ++attempt) {
    DatabaseState base = store.Load(/*watch=*/false);
    if (!base.exists) state_->FailAbsent(database);
    std::string yaml = change(State::YamlOf(database, base));
    RuleItems items = SplitRules(yaml);
    std::string props = PropsOf(yaml);
    if (!props.empty()) items[kPropsKey] = props;
    if (store.Write(base, items)) {
      state_->Sync();
      return;
    }
  }
  throw Error(Message<msg::RegistryWriteConflict>(arg::database = database, arg::attempts = kWriteAttempts));
}

void ClusterMember::SetReadDataSourceEnabled(const std::string& group, const std::string& replica, bool enabled) {
  SetReadDataSourceEnabled(state_->options.database, group, replica, enabled);
}

void ClusterMember::SetReadDataSourceEnabled(const std::string& database, const std::string& group,
                                             const std::string& replica, bool enabled) {
  std::lock_guard<std::mutex> lock(state_->registry_mutex);
  state_->EnsureOpen();
  if (!state_->client->Exists(state_->paths.Database(database))) state_->FailAbsent(database);
  state_->client->Persist(state_->paths.QualifiedDataSources() + "/" + database + "." + group + "." + replica,
                          StateYaml(enabled));
  state_->Sync();
}

bool ClusterMember::CreateDatabase(const std::string& database) {
  std::lock_guard<std::mutex> lock(state_->registry_mutex);
  state_->EnsureOpen();
  if (state_->client->Exists(state_->paths.Database(database))) return false;
  state_->client->Persist(state_->paths.Database(database), "");
  state_->Sync();
  return true;
}

// The database's replica states go too, so that a database created again under the name starts
// with every replica enabled.
bool ClusterMember::DropDatabase(const std::string& database) {
  std::lock_guard<std::mutex> lock(state_->registry_mutex);
  state_->EnsureOpen();
  if (!state_->client->Exists(state_->paths.Database(database))) return false;
  state_->client->DeleteRecursive(state_->paths.Database(database));
  for (const std::string& name : state_->client->Children(state_->paths.QualifiedDataSources())) {
    if (name.rfind(database + ".", 0) == 0) state_->client->DeleteRecursive(state_->paths.QualifiedDataSources() + "/" + name);
  }
  state_->Sync();
  return true;
}

std::map<std::string, std::string> ClusterMember::SyncGlobalRules(const std::map<std::string, std::string>& local) {
  std::lock_guard<std::mutex> lock(state_->registry_mutex);
  state_->EnsureOpen();
  ZkClient& client = *state_->client;
  const std::string root = state_->paths.GlobalRules();
  for (const auto& [type, yaml] : local) {
    const std::string rule = root + "/" + type;
    if (client.Exists(ActiveVersionOf(rule))) continue;
    client.CreateParents(VersionOf(rule, 0));
    // False when another instance wrote it first, which is as good.
    client.Multi({{ZkOp::Kind::Create, VersionOf(rule, 0), yaml, -1}, {ZkOp::Kind::Create, ActiveVersionOf(rule), "0", -1}});
  }
  std::map<std::string, std::string> rules;
  for (const std::string& type : client.Children(root)) {
    const std::string rule = root + "/" + type;
    std::optional<std::string> active = client.Get(ActiveVersionOf(rule));
    if (!active) continue;  // being written
    std::optional<std::string> content = client.Get(rule + "/versions/" + *active);
    if (content) rules[type] = *content;
  }
  return rules;
}

std::vector<ComputeNode> ClusterMember::ComputeNodes() const {
  std::lock_guard<std::mutex> lock(state_->registry_mutex);
  state_->EnsureOpen();
  return LoadComputeNodes(*state_->client, state_->paths);
}

bool ClusterMember::WaitForSync(int timeout_ms) const {
  std::unique_lock<std::mutex> lock(state_->status_mutex);
  std::uint64_t seen = state_->generation;
  lock.unlock();
  state_->Wake();
  lock.lock();
  return state_->synced.wait_for(lock, std::chrono::milliseconds(timeout_ms),
                                 [&] { return state_->generation > seen; });
}

const std::string& ClusterMember::instance_id() const { return state_->instance.id; }

int ClusterMember::worker_id() const { return state_->worker_id(); }

ClusterStatus ClusterMember::status() const {
  std::lock_guard<std::mutex> lock(state_->status_mutex);
  ClusterStatus status = state_->status;
  status.seconds_since_sync = std::chrono::duration<double>(Clock::now() - state_->last_sync).count();
  return status;
}

void ClusterMember::Close() {
  if (!state_) return;
  {
    std::lock_guard<std::mutex> lock(state_->wake_mutex);
    state_->stop = true;
  }
  state_->wake.notify_all();
  if (state_->thread.joinable()) state_->thread.join();
  std::lock_guard<std::mutex> lock(state_->registry_mutex);
  state_->closed = true;
  state_->client.reset();
  std::lock_guard<std::mutex> status_lock(state_->status_mutex);
  state_->status.connected = false;
}

// The first handle may win its session back before the second handle's close reaches the
// server; the close is then lost, so it is sent again until the first handle sees the expiry.
void ClusterMember::ExpireSession() {
  std::lock_guard<std::mutex> lock(state_->registry_mutex);
  state_->EnsureOpen();
  const int timeout_ms = state_->options.connect_timeout_ms * 4;
  const clientid_t session = state_->client->client_id();
  for (int attempt = 0; attempt < 5; ++attempt) {
    ZkClient::CloseSession(state_->url.servers, session, timeout_ms);
    auto deadline = Clock::now() + std::chrono::milliseconds(timeout_ms);
    while (!state_->client->expired() && Clock::now() < deadline) {
      std::this_thread::sleep_for(std::chrono::milliseconds(10));
    }
    if (state_->client->expired()) return;
  }
}

}  // namespace sqlroute::cluster
