#include "route/scatter_reasons.h"

#include <algorithm>
#include <string>

#include "common/strings.h"
#include "route/scatter_targets.h"
#include "route/table_router.h"

namespace sqlroute::route {
namespace {

using Kind = config::StrategyConfig::Kind;

// The integers a range holds (computed in 128 bits: a bound one past a 64-bit limit is empty).
ScatterSpan SpanOf(const ValueRange& range) {
  if (!range.lower || !range.upper || !range.lower->is_integral() || !range.upper->is_integral()) return {};
  __int128 low = static_cast<__int128>(range.lower->int_value()) + (range.lower_closed ? 0 : 1);
  __int128 high = static_cast<__int128>(range.upper->int_value()) - (range.upper_closed ? 0 : 1);
  if (high < low) return {true, 1, 0};
  return {true, static_cast<std::int64_t>(low), static_cast<std::int64_t>(high)};
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

// Writes the route's reasons over the slots of an earlier plan's (SpareRoute), so that their
// strings keep their buffers; Finish drops the slots left over.
class ReasonWriter {
 public:
  ReasonWriter(const RouteInput& input, RouteContext& context)
      : reasons_(context.scatter_reasons), used_(reasons_.size()) {
    if (used_ == 0 && input.spare) reasons_.swap(input.spare->scatter_reasons);
  }

  // The next reason, its fields cleared but for those every code names.
  ScatterReason& Next(ScatterCode code, ScatterLevel level, const std::string& table, std::size_t count) {
    if (used_ == reasons_.size()) reasons_.emplace_back();
    ScatterReason& reason = reasons_[used_++];
    reason.code = code;
    reason.level = level;
    reason.table = table;
    reason.column.clear();
    reason.algorithm.clear();
    reason.type.clear();
    reason.text.clear();
    reason.count = count;
    reason.values = 0;
    reason.span = {};
    return reason;
  }

  void Finish() { reasons_.erase(reasons_.begin() + static_cast<std::ptrdiff_t>(used_), reasons_.end()); }

 private:
  std::vector<ScatterReason>& reasons_;
  std::size_t used_;
};

class Explainer {
 public:
  Explainer(const RouteInput& input, const ShardingConditions& conditions, ReasonWriter& out)
      : input_(input), conditions_(conditions), out_(out) {}

  void Add(const rules::ShardingTable& table, bool database_level, const LevelTargets& reached) const {
    const rules::ShardingStrategy& strategy = database_level ? table.database_strategy : table.table_strategy;
    ScatterLevel level = database_level ? ScatterLevel::DataSource : ScatterLevel::Table;
    const std::string& name = table.logic_table;
    if (strategy.kind == Kind::None) {
      out_.Next(ScatterCode::NO_STRATEGY, level, name, reached.count);
      return;
    }
    if (strategy.kind == Kind::Hint) {
      std::size_t given = HintValueCount(input_.hints, name, database_level);
      ScatterReason& reason = out_.Next(given > 0 ? ScatterCode::VALUES_SPREAD : ScatterCode::HINT_MISSING, level, name,
                                        reached.count);
      reason.algorithm = strategy.algorithm_name;
      if (given > 0) {
        reason.values = given;
        reason.column = "hint";
      }
      return;
    }
    const std::string& column = strategy.column_names.empty() ? strategy.algorithm_name : strategy.column_names.front();
    if (conditions_.branches.empty()) {
      FromFullRoute(table, column, level, reached.count);
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
    if (missing) {
      ScatterCode code = live > 1 ? ScatterCode::OR_ACROSS_COLUMNS : NoConditionCode(table);
      out_.Next(code, level, name, reached.count).column = column;
      return;
    }
    if (live == 1 && found->is_range) {
      FromRange(table, column, *found, strategy, level, reached);
      return;
    }
    ScatterReason& reason = out_.Next(ScatterCode::VALUES_SPREAD, level, name, reached.count);
    reason.values = values;
    reason.column = column;
    reason.algorithm = strategy.algorithm_name;
  }

 private:
  ScatterCode NoConditionCode(const rules::ShardingTable& table) const {
    return OnlyInSubquery(input_.statement, table) ? ScatterCode::SUBQUERY_NOT_FOLLOWED
                                                   : ScatterCode::NO_SHARDING_CONDITION;
  }

  void FromFullRoute(const rules::ShardingTable& table, const std::string& column, ScatterLevel level,
                     std::size_t count) const {
    switch (conditions_.full_route_code) {
      case ScatterCode::OR_ACROSS_COLUMNS:
      case ScatterCode::SUBQUERY_NOT_FOLLOWED:
        out_.Next(conditions_.full_route_code, level, table.logic_table, count).column = column;
        return;
      case ScatterCode::OPERATOR_NO_VALUE:
      case ScatterCode::WHERE_TOO_COMPLEX:
        out_.Next(conditions_.full_route_code, level, table.logic_table, count).text = conditions_.full_route_reason;
        return;
      default: out_.Next(NoConditionCode(table), level, table.logic_table, count).column = column;
    }
  }

  void FromRange(const rules::ShardingTable& table, const std::string& column, const ColumnCondition& condition,
                 const rules::ShardingStrategy& strategy, ScatterLevel level, const LevelTargets& reached) const {
    if (HasNullBound(condition.range)) {
      out_.Next(ScatterCode::NULL_PARAMETER, level, table.logic_table, reached.count).column = column;
      return;
    }
    ScatterCode code = !strategy.narrows_ranges ? ScatterCode::RANGE_NOT_NARROWED
                       : reached.every                         ? ScatterCode::RANGE_COVERS_ALL
                                                               : ScatterCode::RANGE_SPANS_SEVERAL;
    ScatterReason& reason = out_.Next(code, level, table.logic_table, reached.count);
    reason.text = condition.text;
    reason.column = column;
    reason.algorithm = strategy.algorithm_name;
    reason.type = strategy.algorithm_type;
    if (code == ScatterCode::RANGE_COVERS_ALL) reason.span = SpanOf(condition.range);
  }

  const RouteInput& input_;
  const ShardingConditions& conditions_;
  ReasonWriter& out_;
};

}  // namespace

bool IsSessionStatement(ast::StatementKind kind) {
  return ast::ClassOf(kind) == ast::StatementClass::TCL || kind == ast::StatementKind::Set ||
         kind == ast::StatementKind::Use;
}

void AddShardingScatterReasons(const RouteInput& input, const std::vector<const rules::ShardingTable*>& tables,
                               const ShardingConditions& conditions, RouteContext& context, bool standard) {
  ReasonWriter writer(input, context);
  Explainer explainer(input, conditions, writer);
  std::vector<int> groups;  // binding groups reported: the tables bound to a reported one follow it
  for (const rules::ShardingTable* table : tables) {
    if (table->binding_group >= 0) {
      if (std::find(groups.begin(), groups.end(), table->binding_group) != groups.end()) continue;
      groups.push_back(table->binding_group);
    }
    TableReach reach = Reach(*table, context, standard && table == tables.front());
    if (reach.data_sources.count > 1) explainer.Add(*table, true, reach.data_sources);
    if (reach.tables.count > 1) explainer.Add(*table, false, reach.tables);
  }
  writer.Finish();
}

void AddInsertRowsReason(const RouteInput& input, const rules::ShardingTable& table, std::size_t rows,
                         RouteContext& context) {
  ReasonWriter writer(input, context);
  writer.Next(ScatterCode::INSERT_ROWS_SPREAD, ScatterLevel::Table, table.logic_table, context.units.size()).values = rows;
  writer.Finish();
}

void AddNatureScatterReason(const RouteInput& input, RouteContext& context) {
  const ast::Statement& statement = input.statement;
  if (IsSessionStatement(statement.kind)) return;
  ReasonWriter writer(input, context);
  std::size_t count = context.units.size();
  if (context.type == RouteType::Broadcast) {
    std::string table;
    for (const ast::TableRef& ref : statement.tables) {
      if (input.rules.IsBroadcastTable(ref.name.name)) table = table.empty() ? ref.name.name : table;
    }
    writer.Next(ScatterCode::BROADCAST_TABLE, ScatterLevel::DataSource, table, count);
  } else if (context.type == RouteType::TableBroadcast) {
    const std::string& table = context.units.front().tables.front().logic;
    writer.Next(ScatterCode::DDL_EVERY_NODE, ScatterLevel::Table, table, count).text = ast::KindName(statement.kind);
  } else if (context.type == RouteType::DatabaseBroadcast || context.type == RouteType::InstanceBroadcast) {
    writer.Next(ScatterCode::EVERY_DATA_SOURCE, ScatterLevel::Statement, "", count).text = ast::KindName(statement.kind);
  }
  writer.Finish();
}

}  // namespace sqlroute::route
