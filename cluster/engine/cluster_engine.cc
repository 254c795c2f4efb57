#include "sqlroute/cluster_engine.h"

#include <mutex>
#include <optional>

#include "sqlroute/error.h"

namespace sqlroute {
namespace {

// Disables what the registry names, skipping names the rules do not know (a replica state
// outlives the rule that had it, as in ShardingSphere's registry).
std::shared_ptr<const RuleSet> WithDisabled(std::shared_ptr<const RuleSet> rules, const std::string& group,
                                            const std::vector<std::string>& names) {
  try {
    return rules->WithDisabledReadDataSources(group, names);
  } catch (const Error&) {
  }
  std::vector<std::string> known;
  for (const std::string& name : names) {
    try {
      rules->WithDisabledReadDataSources(group, {name});
      known.push_back(name);
    } catch (const Error&) {
    }
  }
  return known.empty() ? rules : rules->WithDisabledReadDataSources(group, known);
}

class EngineHost : public cluster::RulesHost {
 public:
  void Publish(const cluster::RegistrySnapshot& snapshot) override {
    std::shared_ptr<const RuleSet> rules = CompileSnapshot(snapshot);
    std::lock_guard<std::mutex> lock(mutex_);
    if (engine_) {
      engine_->Reload(std::move(rules));
    } else {
      engine_.emplace(std::move(rules));
    }
  }

  std::string WithDistSql(const std::string& yaml, const std::string& script) override {
    return YamlWithDistSql(yaml, script);
  }

  const Engine& engine() const {
    std::lock_guard<std::mutex> lock(mutex_);
    return *engine_;
  }

 private:
  mutable std::mutex mutex_;
  std::optional<Engine> engine_;
};

}  // namespace

std::shared_ptr<const RuleSet> CompileSnapshot(const cluster::RegistrySnapshot& snapshot) {
  std::shared_ptr<const RuleSet> rules = RuleSet::FromYamlString(snapshot.yaml);
  for (const auto& [group, names] : snapshot.disabled_read_data_sources) rules = WithDisabled(rules, group, names);
  return rules;
}

std::string YamlWithDistSql(const std::string& yaml, const std::string& script) {
  return RuleSet::FromYamlString(yaml)->WithDistSql(script)->ExportYaml(/*include_secrets=*/true);
}

struct ClusterEngine::Parts {
  std::shared_ptr<EngineHost> host;
  std::unique_ptr<cluster::ClusterMember> member;
};

ClusterEngine::ClusterEngine(std::shared_ptr<Parts> parts) : parts_(std::move(parts)) {}

ClusterEngine ClusterEngine::FromCluster(const std::string& url, const std::string& database,
                                         cluster::ClusterOptions options) {
  options.url = url;
  options.database = database;
  auto parts = std::make_shared<Parts>();
  parts->host = std::make_shared<EngineHost>();
  parts->member = cluster::ClusterMember::Join(std::move(options), parts->host);
  return ClusterEngine(std::move(parts));
}

const Engine& ClusterEngine::engine() const { return parts_->host->engine(); }

void ClusterEngine::ApplyDistSql(const std::string& script) { parts_->member->ApplyDistSql(script); }

void ClusterEngine::SetReadDataSourceEnabled(const std::string& group, const std::string& replica, bool enabled) {
  parts_->member->SetReadDataSourceEnabled(group, replica, enabled);
}

std::vector<cluster::ComputeNode> ClusterEngine::ComputeNodes() const { return parts_->member->ComputeNodes(); }

cluster::ClusterMember& ClusterEngine::member() const { return *parts_->member; }

void ClusterEngine::Close() { parts_->member->Close(); }

}  // namespace sqlroute
