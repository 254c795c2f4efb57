#pragma once
// The load balancer names removed after ShardingSphere 5.2 and their 5.4+ equivalent: a base load
// balancer plus a transactionalReadQueryStrategy. Loading normalizes configs to the 5.4+ form
// (legacy_load_balancers.h); the registry also builds them as their base load balancer.
#include <optional>
#include <string>
#include <vector>

namespace sqlroute::config {

struct LegacyLoadBalancer {
  std::string base_type;               // ROUND_ROBIN | RANDOM | WEIGHT
  std::string transactional_strategy;  // PRIMARY | FIXED | DYNAMIC
};

// FIXED_REPLICA_<X> -> {X, FIXED}; TRANSACTION_<X> -> {X, DYNAMIC}; FIXED_PRIMARY ->
// {ROUND_ROBIN, PRIMARY}. Case-insensitive; nullopt for any other name.
std::optional<LegacyLoadBalancer> MapLegacyLoadBalancer(const std::string& type);

// Every legacy name, upper case.
const std::vector<std::string>& LegacyLoadBalancerNames();

}  // namespace sqlroute::config
