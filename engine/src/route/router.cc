#include "route/router.h"

#include <algorithm>

#include "common/strings.h"
#include "route/ddl_checks.h"
#include "route/scatter_reasons.h"
#include "route/table_broadcast.h"
#include "sqlroute/error_text.h"

namespace sqlroute::route {
namespace {

using ast::StatementClass;
using ast::StatementKind;

struct StatementTables {
  std::vector<const rules::ShardingTable*> sharding;
  std::vector<std::string> broadcast;
  std::vector<std::string> other;
  bool empty() const { return sharding.empty() && broadcast.empty() && other.empty(); }
};

// The rule of each table reference is the one the binder found (bind::BindTables).
StatementTables Classify(const RouteInput& input) {
  StatementTables result;
  const auto& rules = input.rules;
  for (std::size_t i = 0; i < input.statement.tables.size(); ++i) {
    const ast::TableRef& ref = input.statement.tables[i];
    if (ref.schema && !EqualsIgnoreCase(ref.schema->name, rules.config.database_name)) {
      result.other.push_back(ref.schema->name + "." + ref.name.name);
      continue;
    }
    const bind::BoundTable& bound = input.bound.table(static_cast<int32_t>(i));
    if (const rules::ShardingTable* table = bound.sharding) {
      if (std::find(result.sharding.begin(), result.sharding.end(), table) == result.sharding.end()) {
        result.sharding.push_back(table);
      }
    } else if (bound.governance == bind::Governance::Broadcast) {
      result.broadcast.push_back(ref.name.name);
    } else {
      result.other.push_back(ref.name.name);
    }
  }
  return result;
}

RouteContext EveryDataSource(const rules::CompiledRules& rules, RouteType type) {
  RouteContext result;
  result.type = type;
  for (const auto& ds : rules.data_sources) result.AddUnit({ds, ds, {}});
  return result;
}

RouteContext OneDataSource(const std::string& ds, RouteType type) {
  RouteContext result;
  result.type = type;
  result.AddUnit({ds, ds, {}});
  return result;
}

}  // namespace

RouteContext RouteUnicast(const rules::CompiledRules& rules, const std::vector<const rules::ShardingTable*>& tables) {
  std::vector<std::string> candidates = tables.empty() ? rules.data_sources : tables.front()->data_sources;
  for (const rules::ShardingTable* table : tables) {
    std::vector<std::string> kept;
    for (const auto& ds : candidates) {
      if (!table->ActualTables(ds).empty()) kept.push_back(ds);
    }
    candidates = std::move(kept);
  }
  if (candidates.empty()) {
    std::vector<std::string> names;
    for (const rules::ShardingTable* table : tables) names.push_back(table->logic_table);
    throw Error(Message<msg::NoDataSourceIntersection>(arg::tables = Join(names, ", ")));
  }
  RouteUnit unit{candidates.front(), candidates.front(), {}};
  for (const rules::ShardingTable* table : tables) unit.tables.push_back({table->logic_table, table->ActualTables(unit.data_source).front()});
  RouteContext result;
  result.type = RouteType::Unicast;
  result.AddUnit(std::move(unit));
  return result;
}

namespace {

// Where a table no rule shards lives.
std::string SingleDataSource(const rules::CompiledRules& rules, const std::vector<std::string>& tables,
                             bool creating) {
  for (const auto& table : tables) {
    if (auto located = rules.single.Locate(table)) return *located;
  }
  if (creating && !rules.single.default_data_source.empty()) return rules.single.default_data_source;
  if (rules.data_sources.size() == 1) return rules.data_sources.front();
  if (!rules.single.default_data_source.empty()) return rules.single.default_data_source;
  throw Error(Message<msg::TableNotFound>(arg::table = tables.front()));
}

RouteContext RouteNonSharding(const RouteInput& input, const StatementTables& tables) {
  const auto& rules = input.rules;
  StatementClass kind = ast::ClassOf(input.statement.kind);
  if (tables.other.empty() && !tables.broadcast.empty()) {
    if (kind == StatementClass::DQL) return OneDataSource(rules.data_sources.front(), RouteType::Broadcast);
    return EveryDataSource(rules, RouteType::Broadcast);
  }
  if (tables.other.empty()) {
    if (kind == StatementClass::DQL || kind == StatementClass::DML) {
      return OneDataSource(rules.data_sources.front(), RouteType::Unicast);
    }
    return EveryDataSource(rules, kind == StatementClass::DCL ? RouteType::InstanceBroadcast : RouteType::DatabaseBroadcast);
  }
  StatementKind statement = input.statement.kind;
  bool creating = statement == StatementKind::CreateTable || statement == StatementKind::CreateSequence ||
                  statement == StatementKind::CreateView;
  return OneDataSource(SingleDataSource(rules, tables.other, creating), RouteType::Single);
}

RouteContext RouteDal(const RouteInput& input, const StatementTables& tables) {
  StatementKind kind = input.statement.kind;
  if (tables.sharding.empty()) {
    if (!tables.empty()) return RouteNonSharding(input, tables);
    return EveryDataSource(input.rules, RouteType::DatabaseBroadcast);
  }
  if (kind == StatementKind::Optimize || kind == StatementKind::Analyze) return TableBroadcast(*input.rules.sharding, tables.sharding);
  return RouteUnicast(input.rules, tables.sharding);
}

// DDL naming sharding tables (views included) goes to their data nodes, through
// ShardingSphere's table broadcast route and its DDL checks; other DDL as the tables' rules say.
RouteContext RouteDdl(const RouteInput& input, const StatementTables& tables) {
  if (tables.sharding.empty()) {
    if (tables.empty()) return EveryDataSource(input.rules, RouteType::DatabaseBroadcast);
    return RouteNonSharding(input, tables);
  }
  RouteContext result = TableBroadcast(*input.rules.sharding, tables.sharding);
  CheckDdlRoute(input, result);
  if (result.units.empty()) throw Error(Message<msg::NoRouteResult>());
  return result;
}

RouteContext RouteByDataSourceHint(const RouteInput& input) {
  const std::string& name = *input.hints.data_source_name;
  const auto& sources = input.rules.data_sources;
  bool known = std::find(sources.begin(), sources.end(), name) != sources.end() ||
               config::Find(input.rules.config.data_sources, name) != nullptr;
  if (!known) {
    throw Error(Message<msg::HintDataSourceNotExists>(arg::name = name, arg::known = Join(sources, ", ")));
  }
  return OneDataSource(name, RouteType::DataSourceHint);
}

}  // namespace

namespace {

RouteContext RouteByClass(const RouteInput& input) {
  if (input.rules.data_sources.empty()) {
    throw Error(Message<msg::NoRouteResult>());
  }
  // KernelProcessor checks the statement before any router runs, a hinted data source's too.
  if (ast::ClassOf(input.statement.kind) == StatementClass::DDL && !input.hints.skip_metadata_validate) {
    CheckDdlSupported(input);
  }
  if (input.hints.data_source_name) return RouteByDataSourceHint(input);
  StatementTables tables = Classify(input);
  switch (ast::ClassOf(input.statement.kind)) {
    case StatementClass::TCL:
      return EveryDataSource(input.rules, RouteType::DatabaseBroadcast);
    case StatementClass::DDL:
      return RouteDdl(input, tables);
    case StatementClass::DAL:
      return RouteDal(input, tables);
    case StatementClass::DCL:
      if (tables.sharding.size() == 1) return TableBroadcast(*input.rules.sharding, tables.sharding);
      return EveryDataSource(input.rules, RouteType::InstanceBroadcast);
    case StatementClass::Other:
      throw Error(Message<msg::StatementNotRouted>(arg::kind = ast::KindName(input.statement.kind)));
    default:
      if (tables.sharding.empty()) return RouteNonSharding(input, tables);
      return RouteSharding(input, tables.sharding);
  }
}

}  // namespace

RouteContext Route(const RouteInput& input) {
  RouteContext context = RouteByClass(input);
  if (context.units.size() > 1 && context.scatter_reasons.empty()) AddNatureScatterReason(input, context);
  return context;
}

}  // namespace sqlroute::route
