#pragma once
// Factories of the built-in read/write-splitting load balancers (ShardingSphere's RoundRobin-,
// Random- and WeightLoadBalanceAlgorithm), registered by RegisterLoadBalancers(). RANDOM and WEIGHT
// take an optional `seed` prop (our addition) that makes their choices reproducible.
#include <memory>
#include <string>

#include "sqlroute/algorithm.h"

namespace sqlroute::loadbalance {

std::shared_ptr<const LoadBalancer> CreateRoundRobinLoadBalancer(const Props& props, const std::string& path);
std::shared_ptr<const LoadBalancer> CreateRandomLoadBalancer(const Props& props, const std::string& path);
std::shared_ptr<const LoadBalancer> CreateWeightLoadBalancer(const Props& props, const std::string& path);

}  // namespace sqlroute::loadbalance
