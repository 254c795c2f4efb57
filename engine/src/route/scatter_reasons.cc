#include "route/scatter_reasons.h"

#include <algorithm>
#include <string>

#include "common/strings.h"
#include "route/table_router.h"

namespace sqlroute::route {
namespace {

using Kind = config::StrategyConfig::Kind;

// Built-in algorithms whose DoRangeSharding narrows a range (ShardingSphere's ModShardingAlgorithm,
// the range-partition algorithms, AutoInterval and Interval); the others answer every target.
bool NarrowsRanges(const std::string& type) {
  static const char* kTypes[] = {"MOD", "VOLUME_RANGE", "BOUNDARY_RANGE", "AUTO_INTERVAL", "INTERVAL"};
  return std::any_of(std::begin(kTypes), std::end(kTypes), [&](const char* each) { return EqualsIgnoreCase(type, each); });
}

std::string AlgorithmType(const rules::CompiledRules& rules, const std::string& name) {
  if (!rules.config.sharding) return "";
  const config::AlgorithmConfig* found = config::Find(rules.config.sharding->sharding_algorithms, name);
  return found ? ToUpper(found->type) : "";
}

// The number of integers a range holds, or "unbounded".
std::string SpanValues(const ValueRange& range) {
  if (!range.lower || !range.upper || !range.lower->is_integral() || !range.upper->is_integral()) return "unbounded";
  // In 128 bits: the span of two 64-bit bounds may not fit 64.
  __int128 low = static_cast<__int128>(range.lower->int_value()) + (range.lower_closed ? 0 : 1);
  __int128 high = static_cast<__int128>(range.upper->int_value()) - (range.upper_closed ? 0 : 1);
  if (high < low) return "0";
  unsigned __int128 count = static_cast<unsigned __int128>(high - low) + 1;
  std::string digits;
  for (; count > 0; count /= 10) digits.insert(digits.begin(), static_cast<char>('0' + static_cast<int>(count % 10)));
  return digits;
}

bool HasNullBound(const ValueRange& range) {
  return (range.lower && range.lower->is_null()) || (range.upper && range.upper->is_null());
}

// Whether the statement names `table` only inside a subquery or derived table, whose
// conditions the sharding condition engine does not read.
bool OnlyInSubquery(const ast::Statement& statement, const rules::ShardingTable& table) {
  if (!statement.has_subquery) return false;
  for (const ast::TableRef& ref : statement.tables) {
    if (!EqualsIgnoreCase(ref.name.name, table.logic_table)) continue;
    if (ref.query == ast::kNoQuery || ref.query == statement.main_query) return false;
    if (statement.queries[static_cast<std::size_t>(ref.query)].parent == ast::kNoQuery) return false;  // UNION block
  }
  return true;
}

// The hint values a hint strategy reads (TableRouter::HintValues), counted.
std::size_t HintValueCount(const Hints& hints, const std::string& table, bool database_level) {
  if (database_level && hints.database_value_only) return 1;
  const auto& values = database_level ? hints.database_values : hints.table_values;
  for (const auto& each : values) {
    if (EqualsIgnoreCase(each.first, table)) return each.second.size();
  }
  auto any = values.find("");
  return any == values.end() ? 0 : any->second.size();
}

struct LevelTargets {
  std::size_t count = 0;  // targets reached (tables: the most on one data source)
  bool every = false;     // all the level offers there
};

// The (data source, actual table) pairs a table's units reach, sorted and distinct; pointers
// into the route units, so counting them allocates no strings.
using Target = std::pair<const std::string*, const std::string*>;

std::vector<Target> ReachedTargets(const rules::ShardingTable& table, const RouteContext& context) {
  std::vector<Target> targets;
  for (const RouteUnit& unit : context.units) {
    for (const TableMapping& mapping : unit.tables) {
      if (EqualsIgnoreCase(mapping.logic, table.logic_table)) targets.emplace_back(&unit.data_source, &mapping.actual);
    }
  }
  auto by_value = [](const Target& a, const Target& b) {
    int data_source = a.first->compare(*b.first);
    return data_source != 0 ? data_source < 0 : *a.second < *b.second;
  };
  auto same = [](const Target& a, const Target& b) { return *a.first == *b.first && *a.second == *b.second; };
  std::sort(targets.begin(), targets.end(), by_value);
  targets.erase(std::unique(targets.begin(), targets.end(), same), targets.end());
  return targets;
}

std::size_t DistinctDataSources(const std::vector<Target>& targets) {
  std::size_t count = 0;
  for (std::size_t i = 0; i < targets.size(); ++i) count += i == 0 || *targets[i].first != *targets[i - 1].first;
  return count;
}

// Without a database strategy the table strategy picks among every data node: the table level
// counts the distinct actual tables reached (an auto table's data source follows its table), and
// the data source level the most data sources one actual table name was reached on.
LevelTargets ReachedWithoutDatabaseStrategy(const rules::ShardingTable& table, const std::vector<Target>& targets,
                                            bool database_level) {
  std::vector<const std::string*> actuals;
  actuals.reserve(targets.size());
  for (const Target& each : targets) actuals.push_back(each.second);
  std::sort(actuals.begin(), actuals.end(), [](const std::string* a, const std::string* b) { return *a < *b; });
  LevelTargets result;
  if (database_level) {
    // Sorted by name, each run of one name counts the data sources it was reached on.
    for (std::size_t i = 0, run = 0; i < actuals.size(); ++i) {
      run = i > 0 && *actuals[i] == *actuals[i - 1] ? run + 1 : 1;
      result.count = std::max(result.count, run);
    }
    result.every = result.count == DistinctDataSources(targets) && result.count == table.data_sources.size();
    return result;
  }
  auto same = [](const std::string* a, const std::string* b) { return *a == *b; };
  actuals.erase(std::unique(actuals.begin(), actuals.end(), same), actuals.end());
  result.count = actuals.size();
  // Every data node's table name reached (the units reach only data nodes).
  result.every = std::all_of(table.nodes.begin(), table.nodes.end(), [&](const rules::DataNode& node) {
    return std::binary_search(actuals.begin(), actuals.end(), &node.table,
                              [](const std::string* a, const std::string* b) { return *a < *b; });
  });
  return result;
}

std::size_t FirstUnit(const RouteContext& context, const std::string& data_source) {
  std::size_t at = 0;
  while (at < context.units.size() && context.units[at].data_source != data_source) ++at;
  return at;
}

LevelTargets Reached(const rules::ShardingTable& table, const RouteContext& context, const std::vector<Target>& targets,
                     bool database_level) {
  if (table.database_strategy.kind == Kind::None) return ReachedWithoutDatabaseStrategy(table, targets, database_level);
  LevelTargets result;
  if (database_level) {
    result.count = DistinctDataSources(targets);
    result.every = result.count == table.data_sources.size();
    return result;
  }
  // Sorted by data source, each run of one data source counts its distinct tables; of data
  // sources with as many, the one the units reach first decides `every`.
  std::size_t first_unit = 0;
  for (std::size_t begin = 0, end = 0; begin < targets.size(); begin = end) {
    while (end < targets.size() && *targets[end].first == *targets[begin].first) ++end;
    std::size_t run = end - begin;
    if (run < result.count) continue;
    std::size_t unit = FirstUnit(context, *targets[begin].first);
    if (run == result.count && unit > first_unit) continue;
    result.count = run;
    first_unit = unit;
    int list = table.DataSourceIndex(*targets[begin].first);
    result.every = list >= 0 && result.count == table.actual_tables[static_cast<std::size_t>(list)].size();
  }
  return result;
}

class Explainer {
 public:
  Explainer(const RouteInput& input, const ShardingConditions& conditions) : input_(input), conditions_(conditions) {}

  void Add(const rules::ShardingTable& table, bool database_level, const LevelTargets& reached,
           std::vector<ScatterReason>& out) const {
    const rules::ShardingStrategy& strategy = database_level ? table.database_strategy : table.table_strategy;
    ScatterLevel level = database_level ? ScatterLevel::DataSource : ScatterLevel::Table;
    std::string level_name = ScatterLevelName(level);
    const std::string& name = table.logic_table;
    std::string count = std::to_string(reached.count);
    if (strategy.kind == Kind::None) {
      out.push_back(Reason<ScatterCode::NO_STRATEGY>(level, name, arg::table = name, arg::level = level_name, arg::count = count));
      return;
    }
    if (strategy.kind == Kind::Hint) {
      std::size_t given = HintValueCount(input_.hints, name, database_level);
      if (given > 0) {
        out.push_back(Reason<ScatterCode::VALUES_SPREAD>(level, name, arg::values = given, arg::column = "hint",
                                                         arg::table = name, arg::count = count, arg::level = level_name,
                                                         arg::algorithm = strategy.algorithm_name));
        return;
      }
      out.push_back(Reason<ScatterCode::HINT_MISSING>(level, name, arg::table = name, arg::algorithm = strategy.algorithm_name,
                                                      arg::level = level_name, arg::count = count));
      return;
    }
    const std::string& column = strategy.column_names.empty() ? strategy.algorithm_name : strategy.column_names.front();
    if (conditions_.branches.empty()) {
      out.push_back(FromFullRoute(table, column, level, count));
      return;
    }
    const ColumnCondition* found = nullptr;
    std::size_t live = 0;
    std::size_t values = 0;
    bool missing = false;
    for (const ShardingCondition& branch : conditions_.branches) {
      if (branch.always_false) continue;
      ++live;
      const ColumnCondition* condition = nullptr;
      for (const std::string& each : strategy.columns) condition = condition ? condition : BoundCondition(table, each, &branch);
      if (!condition) {
        missing = true;
        continue;
      }
      found = condition;
      values += condition->is_range ? 1 : condition->values.size();
    }
    if (missing && live > 1) {
      out.push_back(Reason<ScatterCode::OR_ACROSS_COLUMNS>(level, name, arg::column = column, arg::table = name,
                                                           arg::level = level_name, arg::count = count));
      return;
    }
    if (missing) {
      out.push_back(NoCondition(table, column, level, count));
      return;
    }
    std::string type = AlgorithmType(input_.rules, strategy.algorithm_name);
    if (live == 1 && found->is_range) {
      out.push_back(FromRange(table, column, *found, strategy.algorithm_name, type, level, reached));
      return;
    }
    out.push_back(Reason<ScatterCode::VALUES_SPREAD>(level, name, arg::values = values, arg::column = column, arg::table = name,
                                                     arg::count = count, arg::level = level_name,
                                                     arg::algorithm = strategy.algorithm_name));
  }

 private:
  ScatterReason NoCondition(const rules::ShardingTable& table, const std::string& column, ScatterLevel level,
                            const std::string& count) const {
    const std::string& name = table.logic_table;
    if (OnlyInSubquery(input_.statement, table)) {
      return Reason<ScatterCode::SUBQUERY_NOT_FOLLOWED>(level, name, arg::column = column, arg::table = name,
                                                        arg::level = ScatterLevelName(level), arg::count = count);
    }
    return Reason<ScatterCode::NO_SHARDING_CONDITION>(level, name, arg::column = column, arg::table = name,
                                                      arg::level = ScatterLevelName(level), arg::count = count);
  }

  ScatterReason FromFullRoute(const rules::ShardingTable& table, const std::string& column, ScatterLevel level,
                              const std::string& count) const {
    const std::string& name = table.logic_table;
    std::string level_name = ScatterLevelName(level);
    const std::string& detail = conditions_.full_route_reason;
    switch (conditions_.full_route_code) {
      case ScatterCode::OR_ACROSS_COLUMNS:
        return Reason<ScatterCode::OR_ACROSS_COLUMNS>(level, name, arg::column = column, arg::table = name,
                                                      arg::level = level_name, arg::count = count);
      case ScatterCode::OPERATOR_NO_VALUE:
        return Reason<ScatterCode::OPERATOR_NO_VALUE>(level, name, arg::detail = detail, arg::table = name,
                                                      arg::level = level_name, arg::count = count);
      case ScatterCode::WHERE_TOO_COMPLEX:
        return Reason<ScatterCode::WHERE_TOO_COMPLEX>(level, name, arg::detail = detail, arg::table = name,
                                                      arg::level = level_name, arg::count = count);
      case ScatterCode::SUBQUERY_NOT_FOLLOWED:
        return Reason<ScatterCode::SUBQUERY_NOT_FOLLOWED>(level, name, arg::column = column, arg::table = name,
                                                          arg::level = level_name, arg::count = count);
      default: return NoCondition(table, column, level, count);
    }
  }

  ScatterReason FromRange(const rules::ShardingTable& table, const std::string& column, const ColumnCondition& condition,
                          const std::string& algorithm, const std::string& type, ScatterLevel level,
                          const LevelTargets& reached) const {
    const std::string& name = table.logic_table;
    std::string level_name = ScatterLevelName(level);
    std::string count = std::to_string(reached.count);
    if (HasNullBound(condition.range)) {
      return Reason<ScatterCode::NULL_PARAMETER>(level, name, arg::column = column, arg::table = name,
                                                 arg::level = level_name, arg::count = count);
    }
    if (!NarrowsRanges(type)) {
      return Reason<ScatterCode::RANGE_NOT_NARROWED>(level, name, arg::span = condition.text, arg::column = column,
                                                     arg::table = name, arg::algorithm = algorithm, arg::type = type,
                                                     arg::level = level_name, arg::count = count);
    }
    if (reached.every) {
      return Reason<ScatterCode::RANGE_COVERS_ALL>(level, name, arg::span = condition.text, arg::column = column,
                                                   arg::table = name, arg::values = SpanValues(condition.range),
                                                   arg::level = level_name, arg::algorithm = algorithm, arg::type = type,
                                                   arg::count = count);
    }
    return Reason<ScatterCode::RANGE_SPANS_SEVERAL>(level, name, arg::span = condition.text, arg::column = column,
                                                    arg::table = name, arg::count = count, arg::level = level_name,
                                                    arg::algorithm = algorithm, arg::type = type);
  }

  const RouteInput& input_;
  const ShardingConditions& conditions_;
};

}  // namespace

bool IsSessionStatement(ast::StatementKind kind) {
  return ast::ClassOf(kind) == ast::StatementClass::TCL || kind == ast::StatementKind::Set ||
         kind == ast::StatementKind::Use;
}

void AddShardingScatterReasons(const RouteInput& input, const std::vector<const rules::ShardingTable*>& tables,
                               const ShardingConditions& conditions, RouteContext& context) {
  Explainer explainer(input, conditions);
  std::vector<int> groups;  // binding groups reported: the tables bound to a reported one follow it
  for (const rules::ShardingTable* table : tables) {
    if (table->binding_group >= 0) {
      if (std::find(groups.begin(), groups.end(), table->binding_group) != groups.end()) continue;
      groups.push_back(table->binding_group);
    }
    std::vector<Target> targets = ReachedTargets(*table, context);
    for (bool database_level : {true, false}) {
      LevelTargets reached = Reached(*table, context, targets, database_level);
      if (reached.count > 1) explainer.Add(*table, database_level, reached, context.scatter_reasons);
    }
  }
}

void AddNatureScatterReason(const RouteInput& input, RouteContext& context) {
  const ast::Statement& statement = input.statement;
  if (IsSessionStatement(statement.kind)) return;
  std::string count = std::to_string(context.units.size());
  std::string kind = ast::KindName(statement.kind);
  if (context.type == RouteType::Broadcast) {
    std::string table;
    for (const ast::TableRef& ref : statement.tables) {
      if (input.rules.IsBroadcastTable(ref.name.name)) table = table.empty() ? ref.name.name : table;
    }
    context.scatter_reasons.push_back(
        Reason<ScatterCode::BROADCAST_TABLE>(ScatterLevel::DataSource, table, arg::table = table, arg::count = count));
  } else if (context.type == RouteType::TableBroadcast) {
    const std::string& table = context.units.front().tables.front().logic;
    context.scatter_reasons.push_back(Reason<ScatterCode::DDL_EVERY_NODE>(ScatterLevel::Table, table, arg::kind = kind,
                                                                          arg::table = table, arg::count = count));
  } else if (context.type == RouteType::DatabaseBroadcast || context.type == RouteType::InstanceBroadcast) {
    context.scatter_reasons.push_back(
        Reason<ScatterCode::EVERY_DATA_SOURCE>(ScatterLevel::Statement, "", arg::kind = kind, arg::count = count));
  }
}

}  // namespace sqlroute::route
