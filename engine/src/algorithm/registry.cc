#include <algorithm>
#include <cctype>
#include <variant>

#include "algorithm/builtins.h"
#include "sqlroute/algorithm.h"
#include "sqlroute/error_text.h"

namespace sqlroute {

struct AlgorithmRegistry::Entry {
  std::variant<ShardingFactory, KeyGeneratorFactory, EncryptorFactory, LoadBalancerFactory,
               ShadowFactory, AuditorFactory>
      factory;
};

namespace {

std::string Upper(const std::string& text) {
  std::string result(text);
  std::transform(result.begin(), result.end(), result.begin(), [](unsigned char c) { return std::toupper(c); });
  return result;
}

}  // namespace

const char* AlgorithmKindName(AlgorithmKind kind) {
  switch (kind) {
    case AlgorithmKind::Sharding: return "sharding algorithm";
    case AlgorithmKind::KeyGenerator: return "key generator";
    case AlgorithmKind::Encryptor: return "encryptor";
    case AlgorithmKind::LoadBalancer: return "load balancer";
    case AlgorithmKind::Shadow: return "shadow algorithm";
    case AlgorithmKind::Auditor: return "auditor";
  }
  return "algorithm";
}

AlgorithmRegistry& AlgorithmRegistry::Global() {
  // Never destroyed: other threads may still read it while exit() runs.
  static AlgorithmRegistry& registry = *new AlgorithmRegistry;
  return registry;
}

AlgorithmRegistry::AlgorithmRegistry() {
  RegisterBuiltins(*this);
  for (const auto& each : entries_) builtin_keys_.insert(each.first);
}

void AlgorithmRegistry::Add(AlgorithmKind kind, const std::string& type, std::shared_ptr<const Entry> entry) {
  std::lock_guard<std::mutex> lock(mutex_);
  auto key = std::make_pair(kind, Upper(type));
  if (entries_.count(key)) {
    throw Error(Message<msg::AlgorithmTypeRegisteredTwice>(arg::kind = AlgorithmKindName(kind), arg::type = type));
  }
  entries_.emplace(key, std::move(entry));
}

#define SQLROUTE_REGISTER(Method, Kind, FactoryType)                                        \
  void AlgorithmRegistry::Method(const std::string& type, FactoryType factory) {            \
    auto entry = std::make_shared<Entry>();                                                 \
    entry->factory = std::move(factory);                                                    \
    Add(AlgorithmKind::Kind, type, std::move(entry));                                \
  }
SQLROUTE_REGISTER(RegisterSharding, Sharding, ShardingFactory)
SQLROUTE_REGISTER(RegisterKeyGenerator, KeyGenerator, KeyGeneratorFactory)
SQLROUTE_REGISTER(RegisterEncryptor, Encryptor, EncryptorFactory)
SQLROUTE_REGISTER(RegisterLoadBalancer, LoadBalancer, LoadBalancerFactory)
SQLROUTE_REGISTER(RegisterShadow, Shadow, ShadowFactory)
SQLROUTE_REGISTER(RegisterAuditor, Auditor, AuditorFactory)
#undef SQLROUTE_REGISTER

bool AlgorithmRegistry::Unregister(AlgorithmKind kind, const std::string& type) {
  std::lock_guard<std::mutex> lock(mutex_);
  auto key = std::make_pair(kind, Upper(type));
  if (builtin_keys_.count(key)) return false;
  return entries_.erase(key) > 0;
}

std::shared_ptr<const AlgorithmRegistry::Entry> AlgorithmRegistry::Lookup(AlgorithmKind kind, const std::string& type,
                                                                          const std::string& path) const {
  std::lock_guard<std::mutex> lock(mutex_);
  auto found = entries_.find(std::make_pair(kind, Upper(type)));
  if (found == entries_.end()) {
    std::string known;
    for (const auto& each : entries_) {
      if (each.first.first != kind) continue;
      known += known.empty() ? "" : ", ";
      known += each.first.second;
    }
    throw Error(
        Message<msg::UnknownAlgorithmType>(arg::kind = AlgorithmKindName(kind), arg::type = type, arg::known = known),
        path);
  }
  return found->second;
}

#define SQLROUTE_CREATE(Method, Kind, FactoryType, Result)                                              \
  Result AlgorithmRegistry::Method(const std::string& type, const Props& props, const std::string& path) const { \
    auto entry = Lookup(AlgorithmKind::Kind, type, path);                                              \
    return std::get<FactoryType>(entry->factory)(props, path);                                          \
  }
SQLROUTE_CREATE(CreateSharding, Sharding, ShardingFactory, ShardingAlgorithm)
SQLROUTE_CREATE(CreateKeyGenerator, KeyGenerator, KeyGeneratorFactory, std::shared_ptr<const KeyGenerator>)
SQLROUTE_CREATE(CreateEncryptor, Encryptor, EncryptorFactory, std::shared_ptr<const Encryptor>)
SQLROUTE_CREATE(CreateLoadBalancer, LoadBalancer, LoadBalancerFactory, std::shared_ptr<const LoadBalancer>)
SQLROUTE_CREATE(CreateShadow, Shadow, ShadowFactory, std::shared_ptr<const ShadowAlgorithm>)
SQLROUTE_CREATE(CreateAuditor, Auditor, AuditorFactory, std::shared_ptr<const ShardingAuditor>)
#undef SQLROUTE_CREATE

bool AlgorithmRegistry::Has(AlgorithmKind kind, const std::string& type) const {
  std::lock_guard<std::mutex> lock(mutex_);
  return entries_.count(std::make_pair(kind, Upper(type))) > 0;
}

std::vector<std::string> AlgorithmRegistry::TypeNames(AlgorithmKind kind) const {
  std::lock_guard<std::mutex> lock(mutex_);
  std::vector<std::string> result;
  for (const auto& each : entries_) {
    if (each.first.first == kind) result.push_back(each.first.second);
  }
  return result;
}

}  // namespace sqlroute
