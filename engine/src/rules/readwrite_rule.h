#pragma once
// A compiled read/write splitting group: the logic data source other rules route to, its
// primary and replicas, the transactional read strategy and the load balancer.
#include <memory>
#include <string>
#include <vector>

#include "sqlroute/algorithm.h"

namespace sqlroute::rules {

enum class TransactionalReadStrategy { Primary, Fixed, Dynamic };

struct ReadwriteGroup {
  std::string name;
  std::string write_data_source;
  std::vector<std::string> read_data_sources;
  std::vector<std::string> disabled_read_data_sources;  // RuleSet::WithDisabledReadDataSources
  TransactionalReadStrategy transactional = TransactionalReadStrategy::Primary;
  std::string load_balancer_name;
  std::shared_ptr<const LoadBalancer> load_balancer;
};

}  // namespace sqlroute::rules
