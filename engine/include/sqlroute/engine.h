#pragma once
// The entry point: compiled rules plus the pipeline parse -> bind -> route -> rewrite -> plan.
// An Engine is cheap to copy and safe to share between threads.
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "sqlroute/hints.h"
#include "sqlroute/plan.h"
#include "sqlroute/rule_set.h"
#include "sqlroute/session.h"
#include "sqlroute/value.h"

namespace sqlroute {

class Engine {
 public:
  explicit Engine(std::shared_ptr<const RuleSet> rules);
  static Engine FromYamlFile(const std::string& path);
  static Engine FromYamlString(std::string_view yaml);

  // Routes and rewrites one statement. Throws sqlroute::Error. `session` (optional) carries
  // the connection's transaction state for read/write splitting and is updated.
  Plan Route(std::string_view sql, const std::vector<Value>& params = {}, const Hints& hints = {},
             Session* session = nullptr) const;

  const std::shared_ptr<const RuleSet>& rules() const { return rules_; }

 private:
  std::shared_ptr<const RuleSet> rules_;
};

}  // namespace sqlroute
