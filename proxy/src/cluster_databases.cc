#include "cluster_databases.h"

#include <algorithm>
#include <cctype>
#include <optional>
#include <sstream>

#include "distsql_cells.h"
#include "proxy_context.h"
#include "sqlroute/cluster_engine.h"
#include "sqlroute/error_text.h"

namespace sqlroute::proxy {
namespace {

// The statement's words, backticks and `;` dropped.
std::vector<std::string> Words(std::string_view sql) {
  std::string text(sql);
  std::replace(text.begin(), text.end(), ';', ' ');
  text.erase(std::remove(text.begin(), text.end(), '`'), text.end());
  std::istringstream in(text);
  std::vector<std::string> words;
  for (std::string word; in >> word;) words.push_back(std::move(word));
  return words;
}

std::string Upper(std::string word) {
  for (char& c : word) c = static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
  return word;
}

std::vector<std::string> UpperWords(std::string_view sql) {
  std::vector<std::string> words = Words(sql);
  for (std::string& word : words) word = Upper(std::move(word));
  return words;
}

// ALTER READWRITE_SPLITTING RULE group (ENABLE | DISABLE) replica [FROM database]
// (AlterReadwriteSplittingStorageUnitStatusStatement): in cluster mode a replica state.
struct ReplicaSwitch {
  std::string group;
  std::string replica;
  std::string database;  // empty: the connection's
  bool enabled = false;
};

std::optional<ReplicaSwitch> AsReplicaSwitch(std::string_view sql) {
  std::vector<std::string> words = Words(sql);
  std::vector<std::string> upper = UpperWords(sql);
  if (upper.size() < 6 || upper[0] != "ALTER" || upper[1] != "READWRITE_SPLITTING" || upper[2] != "RULE" ||
      (upper[4] != "ENABLE" && upper[4] != "DISABLE")) {
    return std::nullopt;
  }
  ReplicaSwitch result{words[3], words[5], "", upper[4] == "ENABLE"};
  if (upper.size() == 8 && upper[6] == "FROM") result.database = words[7];
  return result;
}

}  // namespace

bool IsShowComputeNodes(std::string_view sql) {
  return UpperWords(sql) == std::vector<std::string>{"SHOW", "COMPUTE", "NODES"};
}

// The member's view of the proxy's databases: registry snapshots become logical databases (their
// storage units' pools brought in line), swapped in atomically; none has a rule file.
class ClusterDatabases::Host : public cluster::RulesHost {
 public:
  explicit Host(ProxyContext& context) : context_(context) {}

  void Publish(const cluster::RegistrySnapshot& snapshot) override {
    std::shared_ptr<const RuleSet> rules = CompileSnapshot(snapshot);
    if (std::shared_ptr<LogicDatabase> existing = context_.databases.Find(snapshot.database)) {
      existing->Reload(std::move(rules));
      return;
    }
    context_.AddDatabase(
        std::make_shared<LogicDatabase>(snapshot.database, Engine(std::move(rules)), "", context_.config.props));
  }

  // A storage unit the proxy could not pool is refused before anything is written, as in standalone mode.
  std::string WithDistSql(const std::string& yaml, const std::string& script) override {
    std::string result = YamlWithDistSql(yaml, script);
    DataSourceSpecs(*RuleSet::FromYamlString(result));
    return result;
  }

  void Drop(const std::string& database) override { context_.databases.Remove(database); }

  ProxyContext& context() const { return context_; }

 private:
  ProxyContext& context_;
};

std::shared_ptr<ClusterDatabases> ClusterDatabases::Join(ProxyContext& context, cluster::ClusterOptions options,
                                                         const std::string& host, std::uint16_t port) {
  for (const std::string& file : context.config.rule_files) {
    std::shared_ptr<const RuleSet> rules = RuleSet::FromYamlFile(file);
    if (rules->database_name().empty()) throw Error(Message<msg::DatabaseNameMissing>(), "databaseName");
    if (!options.initial_databases.emplace(rules->database_name(), rules->ExportYaml(true)).second) {
      throw Error(Message<msg::DuplicateName>(arg::what = "database", arg::name = rules->database_name()),
                  "databaseName");
    }
  }
  options.database.clear();
  options.all_databases = true;
  options.instance_type = "proxy";
  options.attribute = host + "@" + std::to_string(port);  // ProxyInstanceMetaData's attributes
  auto result = std::make_shared<ClusterDatabases>();
  result->host_ = std::make_shared<Host>(context);
  result->servers_ = cluster::RegistryUrl::Parse(options.url).servers;
  result->member_ = cluster::ClusterMember::Join(std::move(options), result->host_);
  // The registry's global rules win over server.yaml's, as in ShardingSphere-Proxy; of them the
  // proxy uses the authority's users.
  std::map<std::string, std::string> global = result->member_->SyncGlobalRules(context.config.global_rules);
  if (auto authority = global.find("authority"); authority != global.end()) {
    std::vector<ProxyUser> users = AuthorityUsers(authority->second, "rules/authority");
    if (!users.empty()) context.config.users = std::move(users);
  }
  return result;
}

ClusterDatabases::~ClusterDatabases() {
  if (member_) member_->Close();
}

void ClusterDatabases::ApplyDistSql(const std::string& database, const std::string& sql) {
  std::optional<ReplicaSwitch> replica = AsReplicaSwitch(sql);
  if (!replica) {
    member_->ApplyDistSql(database, sql);
    return;
  }
  std::string target = replica->database.empty() ? database : replica->database;
  // Unknown groups and replicas fail as in standalone mode.
  if (auto served = host_->context().databases.Find(target)) served->engine().rules()->WithDistSql(sql);
  member_->SetReadDataSourceEnabled(target, replica->group, replica->replica, replica->enabled);
}

bool ClusterDatabases::CreateDatabase(const std::string& name) { return member_->CreateDatabase(name); }

bool ClusterDatabases::DropDatabase(const std::string& name) { return member_->DropDatabase(name); }

void ClusterDatabases::Resync() {
  constexpr int kTimeoutMs = 10000;
  if (member_->WaitForSync(kTimeoutMs)) return;
  throw Error(Message<msg::RegistryUnavailable>(arg::servers = servers_,
                                                arg::detail = "no sync within " + std::to_string(kTimeoutMs) + " ms"));
}

StatementResult ClusterDatabases::ShowComputeNodes() const {
  StatementResult result = Table({"instance_id", "instance_type", "host", "port", "status", "mode_type", "worker_id",
                                  "labels", "version", "database_name"});
  for (const cluster::ComputeNode& node : member_->ComputeNodes()) {
    std::string labels;
    for (const std::string& label : node.labels) labels += (labels.empty() ? "" : ",") + label;
    result.rows.push_back({node.instance_id, Upper(node.instance_type), node.host, node.port > 0 ? std::to_string(node.port) : "-1",
                           node.status, node.mode_type, std::to_string(node.worker_id), labels, node.version,
                           node.database_name});
  }
  return result;
}

}  // namespace sqlroute::proxy
