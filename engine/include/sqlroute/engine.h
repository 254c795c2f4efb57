#pragma once
// The entry point: compiled rules plus the pipeline parse -> bind -> route -> rewrite -> plan.
// An Engine is cheap to copy and safe to share between threads; copies share the live rule
// set, which ApplyDistSql / Reload replace atomically (statements being routed keep the
// snapshot they started with).
#include <cstdint>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "sqlroute/hints.h"
#include "sqlroute/observability.h"
#include "sqlroute/plan.h"
#include "sqlroute/plan_cache_stats.h"
#include "sqlroute/rule_set.h"
#include "sqlroute/session.h"
#include "sqlroute/value.h"

namespace sqlroute {

class Engine {
 public:
  explicit Engine(std::shared_ptr<const RuleSet> rules);
  static Engine FromYamlFile(const std::string& path);
  static Engine FromYamlString(std::string_view yaml);
  static Engine FromDistSql(std::string_view script);

  // Routes and rewrites one statement. Throws sqlroute::Error. `session` (optional) carries
  // the connection's transaction state for read/write splitting and is updated.
  Plan Route(std::string_view sql, const std::vector<Value>& params = {}, const Hints& hints = {},
             Session* session = nullptr) const;
  // Route, writing the plan into `out` and reusing the storage it holds: a proxy that keeps one
  // Plan per worker routes cached statements with few heap allocations. Every field of `out` is
  // replaced; after an error `out` is valid but its content unspecified.
  void RouteInto(Plan& out, std::string_view sql, const std::vector<Value>& params = {}, const Hints& hints = {},
                 Session* session = nullptr) const;

  // Routes a prepared statement once per parameter set (JDBC batching) and groups the parameter
  // sets by (data source, actual SQL), in order. Throws on the first set that fails, naming it.
  BatchPlan RouteBatch(std::string_view sql, const std::vector<std::vector<Value>>& param_sets,
                       const Hints& hints = {}, Session* session = nullptr) const;

  // Routes each statement of a multi-statement text (`;`-separated, as a MySQL client with
  // multi-statements on sends it) in order, through the same pipeline as Route, and returns one
  // plan per statement. `params` are the values of every `?` marker of the text, in order; each
  // statement takes its own. `session` sees the statements in order (BEGIN; ...; COMMIT). An
  // error names the statement (0-based); its position is in that statement's text. ShardingSphere-Proxy
  // (MySQLMultiStatementsHandler) takes such texts only when they are UPDATEs or DELETEs all of the
  // first one's kind, and routes each as alone; this routes statements of any kind the same way.
  std::vector<Plan> RouteStatements(std::string_view text, const std::vector<Value>& params = {},
                                    const Hints& hints = {}, Session* session = nullptr) const;

  // The current rule snapshot.
  std::shared_ptr<const RuleSet> rules() const;
  // Compiles the current rules with `script` applied and swaps them in; on error nothing changes.
  void ApplyDistSql(std::string_view script);
  void Reload(std::shared_ptr<const RuleSet> rules);
  PlanCacheStats plan_cache_stats() const;
  // Metrics, trace spans and the statement log of this engine and its copies.
  Observability& observability() const;

 private:
  struct LiveRules;
  std::shared_ptr<LiveRules> live_;
};

}  // namespace sqlroute
