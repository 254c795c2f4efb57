#include "route/ddl_checks.h"

#include <algorithm>

#include "common/strings.h"
#include "route/schema_checks.h"
#include "sqlroute/error_text.h"

namespace sqlroute::route {
namespace {

using ast::StatementKind;

std::string JavaList(const std::vector<std::string>& items) { return "[" + Join(items, ", ") + "]"; }

bool ContainsIgnoreCase(const std::vector<std::string>& names, const std::string& name) {
  return std::any_of(names.begin(), names.end(), [&](const std::string& each) { return EqualsIgnoreCase(each, name); });
}

// The statement's table names, each once (ShardingSphere's TablesContext: a case-insensitive
// set in the order the tables appear).
std::vector<std::string> TableNames(const ast::Statement& statement) {
  std::vector<std::string> result;
  for (const auto& ref : statement.tables) {
    if (!ContainsIgnoreCase(result, ref.name.name)) result.push_back(ref.name.name);
  }
  return result;
}

const rules::ShardingTable* FindSharding(const RouteInput& input, const std::string& name) {
  return input.rules.sharding ? input.rules.sharding->Find(name) : nullptr;
}

// ShardingSupportedCheckUtils.isRouteUnitDataNodeDifferentSize.
bool DifferentSize(const RouteInput& input, const std::string& table, const RouteContext& context) {
  const rules::ShardingTable* sharding = FindSharding(input, table);
  return sharding && sharding->nodes.size() != context.units.size();
}

void CheckUnitPerNode(const RouteInput& input, const std::string& table, const std::string& operation,
                      const std::string& what, const std::vector<std::string>& names, const RouteContext& context) {
  if (DifferentSize(input, table, context)) {
    throw Error(Message<msg::DdlRouteMismatch>(arg::operation = operation, arg::what = what, arg::names = JavaList(names)));
  }
}

// ShardingDropTableRouteContextChecker.checkTableInUsed: the actual tables routed to that belong
// to a sharding table not dropped.
void CheckTablesInUse(const RouteInput& input, const std::vector<std::string>& dropped, const RouteContext& context) {
  std::vector<std::string> others;
  for (const auto& table : input.rules.sharding->tables()) {
    if (ContainsIgnoreCase(dropped, table.logic_table)) continue;
    for (const auto& node : table.nodes) others.push_back(node.table);
  }
  std::vector<std::string> in_use;
  for (const auto& unit : context.units) {
    for (const auto& mapping : unit.tables) {
      if (ContainsIgnoreCase(others, mapping.actual) && std::find(in_use.begin(), in_use.end(), mapping.actual) == in_use.end()) {
        in_use.push_back(mapping.actual);
      }
    }
  }
  if (!in_use.empty()) throw Error(Message<msg::ActualTablesInUse>(arg::tables = JavaList(in_use)));
}

// The view's SELECT: its first top-level query block.
const ast::Query* ViewQuery(const ast::Statement& statement) {
  for (const auto& query : statement.queries) {
    if (query.parent == ast::kNoQuery) return &query;
  }
  return nullptr;
}

bool ShapesRows(const ast::Query& query) {
  bool aggregates = std::any_of(query.projections.begin(), query.projections.end(),
                                [](const ast::Projection& each) { return each.aggregation != ast::AggregationKind::None; });
  return !query.group_by.empty() || aggregates || query.distinct || query.limit.has_value();
}

// ShardingCreateViewSupportedChecker, ShardingAlterViewSupportedChecker.
void CheckViewBinding(const RouteInput& input) {
  const ast::Statement& statement = input.statement;
  const rules::ShardingTable* view = FindSharding(input, statement.tables.front().name.name);
  for (std::size_t i = 1; i < statement.tables.size(); ++i) {
    const rules::ShardingTable* table = FindSharding(input, statement.tables[i].name.name);
    if (table && !(view && input.rules.sharding->AllInOneBindingGroup({view, table}))) {
      throw Error(Message<msg::ViewNotBound>());
    }
  }
}

// The sharding rule's supported checkers (ShardingOrder, first).
void CheckShardingDdl(const RouteInput& input) {
  const ast::Statement& statement = input.statement;
  CheckDdlAgainstSchema(input);
  switch (statement.kind) {
    case StatementKind::AlterTable: {  // ShardingAlterTableSupportedChecker
      bool sharding = std::any_of(statement.tables.begin(), statement.tables.end(),
                                  [&](const ast::TableRef& ref) { return FindSharding(input, ref.name.name) != nullptr; });
      if (statement.rename_target >= 0 && sharding) {
        throw Error(Message<msg::ShardingOperationUnsupported>(
            arg::operation = "ALTER TABLE ... RENAME TO ...",
            arg::table = statement.tables[static_cast<std::size_t>(statement.rename_target)].name.name));
      }
      return;
    }
    case StatementKind::RenameTable:  // ShardingRenameTableSupportedChecker: the first new name
      if (std::any_of(statement.tables.begin(), statement.tables.end(),
                      [&](const ast::TableRef& ref) { return FindSharding(input, ref.name.name) != nullptr; })) {
        throw Error(Message<msg::ShardingOperationUnsupported>(arg::operation = "RENAME TABLE",
                                                               arg::table = statement.tables[1].name.name));
      }
      return;
    case StatementKind::DropTable:  // ShardingDropTableSupportedChecker
      if (statement.cascade) {
        throw Error(Message<msg::ShardingOperationUnsupported>(arg::operation = "DROP TABLE ... CASCADE",
                                                               arg::table = statement.tables.front().name.name));
      }
      return;
    case StatementKind::CreateView:
    case StatementKind::AlterView:
      CheckViewBinding(input);
      return;
    default:
      return;
  }
}

}  // namespace

void CheckDdlSupported(const RouteInput& input) {
  const ast::Statement& statement = input.statement;
  if (input.rules.sharding && !statement.tables.empty()) CheckShardingDdl(input);
  // SingleDropTableSupportedChecker: every database has a single rule (SingleOrder, after sharding).
  if (statement.kind == StatementKind::DropTable && statement.cascade) throw Error(Message<msg::DropCascadeUnsupported>());
}

void CheckDdlRoute(const RouteInput& input, const RouteContext& context) {
  const ast::Statement& statement = input.statement;
  if (!input.rules.sharding || statement.tables.empty()) return;
  const std::string& primary = statement.tables.front().name.name;
  switch (statement.kind) {
    case StatementKind::CreateTable:
      CheckUnitPerNode(input, primary, "CREATE TABLE", "TABLE", TableNames(statement), context);
      return;
    case StatementKind::AlterTable:
      CheckUnitPerNode(input, primary, "ALTER TABLE", "TABLE", TableNames(statement), context);
      return;
    case StatementKind::DropTable: {
      std::vector<std::string> names = TableNames(statement);
      CheckTablesInUse(input, names, context);
      for (const auto& table : names) CheckUnitPerNode(input, table, "DROP TABLE", "TABLE", names, context);
      return;
    }
    case StatementKind::DropIndex: {
      std::vector<std::string> indexes;
      for (const auto& each : statement.index_names) indexes.push_back(each.name);
      CheckUnitPerNode(input, primary, "DROP INDEX", "INDEX", indexes, context);
      return;
    }
    case StatementKind::CreateView:
      if (context.units.size() > 1 && ViewQuery(statement) && ShapesRows(*ViewQuery(statement))) {
        throw Error(Message<msg::CreateViewUnsupportedQuery>());
      }
      return;
    default:
      return;
  }
}

}  // namespace sqlroute::route
