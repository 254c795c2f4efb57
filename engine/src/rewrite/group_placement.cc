#include "rewrite/group_placement.h"

#include <algorithm>
#include <set>
#include <string>
#include <utility>

#include "common/strings.h"

namespace sqlroute::rewrite {
namespace {

using GroupColumns = std::set<std::pair<int32_t, std::string>>;  // (table index, lower-cased column)

// The table column a GROUP BY item names: directly, by its position or through a projection alias.
void AddGroupColumn(const RewriteInput& input, const ast::Query& query, const ast::OrderItem& item, GroupColumns& out) {
  ast::ExprId id = item.expr;
  if (item.position > 0 && static_cast<std::size_t>(item.position) <= query.projections.size()) {
    id = query.projections[static_cast<std::size_t>(item.position - 1)].expr;
  }
  for (int hop = 0; hop < 2 && id != ast::kNoExpr; ++hop) {
    const ast::Expr& expr = input.statement.expr(id);
    if (expr.kind != ast::ExprKind::Column) return;
    const bind::ColumnOwner& owner = input.bound.owner(id);
    if (owner.kind == bind::OwnerKind::Table) {
      out.emplace(owner.table, ToLower(expr.column.name.name));
      return;
    }
    if (owner.kind != bind::OwnerKind::Alias || owner.query == ast::kNoQuery) return;
    const ast::Query& block = input.statement.queries[static_cast<std::size_t>(owner.query)];
    id = block.projections[static_cast<std::size_t>(owner.projection)].expr;
  }
}

bool Places(const rules::ShardingStrategy& strategy, std::size_t targets, int32_t table, const GroupColumns& columns) {
  if (targets <= 1) return true;
  if (!strategy.equal_values_one_target || strategy.columns.empty()) return false;
  return std::all_of(strategy.columns.begin(), strategy.columns.end(),
                     [&](const std::string& column) { return columns.count({table, column}) > 0; });
}

std::size_t MostTablesOnOneDataSource(const rules::ShardingTable& table) {
  std::size_t result = 0;
  for (const auto& tables : table.actual_tables) result = std::max(result, tables.size());
  return result;
}

// The group's values name one data node: its data source (by the database strategy, or by an actual
// table name no other data source has) and its table.
bool GroupedByItsNodes(const rules::ShardingTable& table, int32_t index, const GroupColumns& columns) {
  if (!Places(table.table_strategy, MostTablesOnOneDataSource(table), index, columns)) return false;
  bool named_by_table = table.distinct_table_names && table.table_strategy.kind != config::StrategyConfig::Kind::None;
  return named_by_table || Places(table.database_strategy, table.data_sources.size(), index, columns);
}

// Each actual node of `table` in at most one unit: every row of that node is joined in that unit alone.
bool NodesInOneUnitEach(const route::RouteContext& route, const rules::ShardingTable& table) {
  std::set<std::pair<std::string, std::string>> seen;
  for (const RouteUnit& unit : route.units) {
    for (const TableMapping& mapping : unit.tables) {
      if (EqualsIgnoreCase(mapping.logic, table.logic_table) && !seen.emplace(unit.data_source, mapping.actual).second) {
        return false;
      }
    }
  }
  return true;
}

bool OuterJoin(const ast::Query& query) {
  return std::any_of(query.joins.begin(), query.joins.end(), [](const ast::Join& join) {
    return join.type.find("LEFT") != std::string::npos || join.type.find("RIGHT") != std::string::npos ||
           join.type.find("FULL") != std::string::npos;
  });
}

}  // namespace

bool GroupsStayOnOneUnit(const RewriteInput& input, const ast::Query& query) {
  if (query.group_by.empty() || query.with_rollup || !query.derived_tables.empty() || !query.combined.empty() ||
      OuterJoin(query)) {
    return false;
  }
  GroupColumns columns;
  for (const auto& item : query.group_by) AddGroupColumn(input, query, item, columns);
  ast::QueryId id = static_cast<ast::QueryId>(&query - input.statement.queries.data());
  bool every_table_placed = true;
  bool sharded = false;
  for (int32_t index : input.bound.BlockTables(id)) {
    const rules::ShardingTable* table = input.bound.table(index).sharding;
    if (table == nullptr) continue;
    sharded = true;
    if (!GroupedByItsNodes(*table, index, columns)) {
      every_table_placed = false;
    } else if (NodesInOneUnitEach(input.route, *table)) {
      return true;
    }
  }
  // Each table's node named by the group: one unit, even in a cartesian route.
  return sharded && every_table_placed;
}

}  // namespace sqlroute::rewrite
