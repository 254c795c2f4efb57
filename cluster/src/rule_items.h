#pragma once
// A database's rules as registry items, the way ShardingSphere's YamlRepositoryTupleSwapperEngine
// splits a rule configuration into repository tuples:
//   data_sources/units/{unit}                 the storage unit's properties (YAML map)
//   rules/{type}/{field}/{name}               an entry of a map field (YAML), e.g. rules/sharding/tables/t_order
//   rules/{type}/{field}                      any other field (YAML, or the bare string), e.g. rules/single/tables
//   rules/sharding/default_strategies/{field} the sharding defaults (ShardingRuleNodePathProvider)
//   rules/sharding/binding_tables/{name}      one binding group, `name:t_a,t_b` (ShardingBindingTable...NameGenerator)
//   schemas/{schema}/tables/{table}           a logic table's metadata (table_items.h)
// Field names are the YAML keys in lower_underscore. Keys are relative to /metadata/{db}.
#include <map>
#include <string>

namespace sqlroute::cluster {

using RuleItems = std::map<std::string, std::string>;  // item key -> content

// ShardingSphere YAML (RuleSet::ExportYaml with secrets) -> items; `databaseName` and `props`
// are not items (props are global, /props).
RuleItems SplitRules(const std::string& yaml);

// The global props of a rule YAML, as a YAML map (empty when none).
std::string PropsOf(const std::string& yaml);

// Items (+ global props YAML, may be empty) -> ShardingSphere YAML for `database`. Throws
// Error(REGISTRY_CONTENT_INVALID) naming the item whose content is not YAML.
std::string JoinRules(const std::string& database, const RuleItems& items, const std::string& props);

// `yaml` with the worker id set on every SNOWFLAKE key generator: in cluster mode the registry
// gives the worker id, as ShardingSphere's ClusterWorkerIdGenerator does, and a configured
// `worker-id` is ignored.
std::string WithWorkerId(const std::string& yaml, int worker_id);

}  // namespace sqlroute::cluster
