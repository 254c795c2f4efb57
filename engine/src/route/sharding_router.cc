// DQL/DML on sharding tables: standard, binding and cartesian routes, INSERT rows, and the
// UPDATE/DELETE checks of ShardingSphere's ShardingUpdateRouteContextChecker.
#include <algorithm>
#include <set>
#include <tuple>

#include "common/strings.h"
#include "route/in_list_split.h"
#include "route/insert_router.h"
#include "route/java_hash_order.h"
#include "route/router.h"
#include "route/scatter_reasons.h"
#include "route/sharding_checks.h"
#include "route/subquery_conditions.h"
#include "route/table_router.h"
#include "sqlroute/error_text.h"

namespace sqlroute::route {
namespace {

using ast::StatementKind;

std::vector<rules::DataNode> RouteBranches(const TableRouter& router, const rules::ShardingTable& table,
                                    const ShardingConditions& conditions) {
  std::vector<rules::DataNode> result;
  auto add = [&](std::vector<rules::DataNode> nodes) {
    // One route of a table whose data nodes are distinct has no duplicate: nothing to drop.
    if (result.empty() && (nodes.size() == 1 || table.distinct_nodes)) {
      result = std::move(nodes);
      return;
    }
    for (auto& node : nodes) {
      bool seen = std::any_of(result.begin(), result.end(), [&](const rules::DataNode& each) {
        return each.data_source == node.data_source && each.table == node.table;
      });
      if (!seen) result.push_back(std::move(node));
    }
  };
  if (conditions.branches.empty()) {
    add(router.Route(table, nullptr));
    return result;
  }
  for (const auto& branch : conditions.branches) {
    if (!branch.always_false) add(router.Route(table, &branch));
  }
  return result;
}

// The unit of `node` of the first of `tables` (the others bound to it), written over `unit`.
void SetUnit(RouteUnit& unit, const rules::DataNode& node, const std::vector<const rules::ShardingTable*>& tables,
             const rules::ShardingRule& rule) {
  const rules::ShardingTable& primary = *tables.front();
  Overwrite(unit.logic_data_source, node.data_source);
  Overwrite(unit.data_source, node.data_source);
  unit.tables.resize(tables.size());
  Overwrite(unit.tables.front().logic, primary.logic_table);
  Overwrite(unit.tables.front().actual, node.table);
  for (std::size_t i = 1; i < tables.size(); ++i) {
    unit.tables[i].logic = tables[i]->logic_table;
    unit.tables[i].actual = rule.BindingActualTable(primary, *tables[i], unit.data_source, unit.tables.front().actual);
  }
}

void StandardRoute(const RouteInput& input, const std::vector<const rules::ShardingTable*>& tables,
                   const ShardingConditions& conditions, RouteContext& context, InListChoices* choices,
                   SpareRoute* spare) {
  const rules::ShardingRule& rule = *input.rules.sharding;
  TableRouter router(rule, input.hints, context.decisions, choices, spare);
  const rules::ShardingTable& primary = *tables.front();
  std::vector<rules::DataNode> nodes = RouteBranches(router, primary, conditions);
  router.DropSpare();
  // RouteBranches gives each node once: units of distinct nodes need no duplicate check.
  bool distinct = context.units.empty() && (nodes.size() == 1 || primary.distinct_nodes);
  if (distinct) {  // written over the spare units, if any
    if (spare) context.units.swap(spare->units);
    context.units.resize(nodes.size());
    for (std::size_t i = 0; i < nodes.size(); ++i) SetUnit(context.units[i], nodes[i], tables, rule);
  } else {
    context.units.reserve(context.units.size() + nodes.size());
    for (const auto& node : nodes) {
      RouteUnit unit;
      SetUnit(unit, node, tables, rule);
      context.AddUnit(std::move(unit));
    }
  }
  context.type = tables.size() > 1 ? RouteType::Binding : RouteType::Standard;
}

void CartesianRoute(const RouteInput& input, const std::vector<const rules::ShardingTable*>& tables,
                    const ShardingConditions& conditions, RouteContext& context) {
  const rules::ShardingRule& rule = *input.rules.sharding;
  TableRouter router(rule, input.hints, context.decisions);
  std::vector<const rules::ShardingTable*> anchors;
  std::vector<std::vector<rules::DataNode>> routed;
  for (const rules::ShardingTable* table : tables) {
    bool follows = std::any_of(anchors.begin(), anchors.end(), [&](const rules::ShardingTable* anchor) {
      return anchor->binding_group >= 0 && anchor->binding_group == table->binding_group;
    });
    if (follows) continue;
    anchors.push_back(table);
    routed.push_back(RouteBranches(router, *table, conditions));
  }
  std::vector<std::string> data_sources;
  for (const auto& node : routed.front()) {
    if (std::find(data_sources.begin(), data_sources.end(), node.data_source) == data_sources.end()) {
      data_sources.push_back(node.data_source);
    }
  }
  std::vector<std::pair<std::string, std::vector<std::vector<std::string>>>> shared;  // data source -> tables' choices
  for (const auto& ds : data_sources) {
    std::vector<std::vector<std::string>> choices;
    for (const auto& nodes : routed) {
      std::vector<std::string> on_ds;
      for (const auto& node : nodes) {
        if (node.data_source == ds) on_ds.push_back(node.table);
      }
      choices.push_back(std::move(on_ds));
    }
    if (std::any_of(choices.begin(), choices.end(), [](const auto& each) { return each.empty(); })) continue;
    shared.emplace_back(ds, std::move(choices));
  }
  // ShardingCartesianRouteEngine iterates a HashMap(route contexts, 1F) filled from each context's
  // HashMap(shared data sources, 1F), itself filled from the HashSet of the first context's data
  // sources: each level orders by its buckets, ties in the order of the level below.
  std::size_t outer = JavaTableSizeLoadOne(anchors.size(), shared.size());
  std::size_t inner = JavaTableSizeLoadOne(shared.size(), shared.size());
  std::size_t first = JavaDefaultTableSize(data_sources.size());
  auto buckets = [&](const std::string& ds) {
    uint32_t hash = JavaSpreadHash(ds);
    return std::make_tuple(hash & (outer - 1), hash & (inner - 1), hash & (first - 1));
  };
  std::stable_sort(shared.begin(), shared.end(),
                   [&](const auto& a, const auto& b) { return buckets(a.first) < buckets(b.first); });
  for (const auto& [ds, choices] : shared) {
    std::vector<std::size_t> index(choices.size(), 0);
    while (true) {
      RouteUnit unit{ds, ds, {}};
      for (const rules::ShardingTable* table : tables) {
        for (std::size_t a = 0; a < anchors.size(); ++a) {
          const rules::ShardingTable* anchor = anchors[a];
          const std::string& actual = choices[a][index[a]];
          if (anchor == table) {
            unit.tables.push_back({table->logic_table, actual});
          } else if (anchor->binding_group >= 0 && anchor->binding_group == table->binding_group) {
            unit.tables.push_back({table->logic_table, rule.BindingActualTable(*anchor, *table, ds, actual)});
          }
        }
      }
      context.AddUnit(std::move(unit));
      // The next combination, the last choice moving fastest (Guava's cartesianProduct); none after the last.
      bool advanced = false;
      for (std::size_t position = choices.size(); position > 0 && !advanced; --position) {
        advanced = ++index[position - 1] < choices[position - 1].size();
        if (!advanced) index[position - 1] = 0;
      }
      if (!advanced) break;
    }
  }
  if (context.units.empty()) {
    throw Error(Message<msg::NoRouteResult>());
  }
  context.type = RouteType::Cartesian;
}

// Standard, binding or cartesian route once the conditions are extracted, IN-list split,
// warnings, checks and auditors.
RouteContext RouteShardingConditions(const RouteInput& input, const std::vector<const rules::ShardingTable*>& tables,
                                     const TableScope& scope, const ShardingConditions& conditions) {
  // `input.spare`'s units and decisions are written over by the standard route.
  const ast::Statement& statement = input.statement;
  RouteContext context;
  bool standard = false;
  if (conditions.AlwaysFalse()) {
    context = RouteUnicast(input.rules, tables);
  } else if (tables.size() == 1 || input.rules.sharding->AllInOneBindingGroup(tables)) {
    standard = true;
    InListChoices choices;
    // Choices are recorded only for a split to read: route/sharding/in_1000_values/cached, 30 k instructions.
    bool split = tables.size() == 1 && input.rules.in_list_split;
    StandardRoute(input, tables, conditions, context, split ? &choices : nullptr, input.spare);
    if (split) PlanInListSplit(input, *tables.front(), conditions, choices, context);
  } else {
    CartesianRoute(input, tables, conditions, context);
  }
  if (context.units.size() > 1 && !conditions.full_route_reason.empty()) {
    context.warnings.push_back("full route: " + conditions.full_route_reason);
  }
  if (context.units.size() > 1) AddShardingScatterReasons(input, tables, conditions, context, standard);
  CheckUpdateShardingValue(input, scope, conditions, context);
  CheckLimitOnMultipleNodes(statement, context);
  RunAudits(input, tables, !conditions.branches.empty());
  return context;
}

}  // namespace

std::vector<ast::ExprId> BlockPredicates(const ast::Query& query) {
  std::vector<ast::ExprId> result;
  if (query.where != ast::kNoExpr) result.push_back(query.where);
  for (const auto& join : query.joins) {
    if (join.on != ast::kNoExpr) result.push_back(join.on);
  }
  return result;
}

RouteContext RouteSharding(const RouteInput& input, const std::vector<const rules::ShardingTable*>& tables) {
  const ast::Statement& statement = input.statement;
  CheckMultipleTableDml(statement, *input.rules.sharding);
  if (statement.kind == StatementKind::Insert || statement.kind == StatementKind::Replace) {
    return RouteInsert(input, tables);
  }
  TableScope scope(statement, input.bound);
  // WHERE plus the main query's ON conditions; a block without joins has its WHERE alone.
  const ast::Query* main = statement.main_query == ast::kNoQuery
                               ? nullptr
                               : &statement.queries[static_cast<std::size_t>(statement.main_query)];
  std::vector<ast::ExprId> listed;
  if (main && !main->joins.empty()) listed = BlockPredicates(*main);
  Predicates predicates = !listed.empty() ? Predicates(listed) : main ? Predicates(main->where) : Predicates(statement.where);
  ShardingConditions conditions = ExtractConditions(statement, predicates, scope, input.params);
  AddUnionConditions(input, conditions);
  if (statement.has_subquery && statement.kind == StatementKind::Select) {
    AddSubqueryConditions(input, statement.main_query, conditions);
  } else if (statement.has_subquery) {
    std::string disagreement = SubqueryDisagreement(input, conditions);
    if (!disagreement.empty()) conditions = ShardingConditions{{}, disagreement, ScatterCode::SUBQUERY_NOT_FOLLOWED};
  }
  return RouteShardingConditions(input, tables, scope, conditions);
}

}  // namespace sqlroute::route
