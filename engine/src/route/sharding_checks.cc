#include "route/sharding_checks.h"

#include <algorithm>
#include <set>

#include "common/strings.h"
#include "route/table_router.h"
#include "sqlroute/error_text.h"

namespace sqlroute::route {

using ast::StatementKind;

namespace {

// `o` of `DELETE o FROM t_order o`: the alias of a table of the statement, not a table
// (DeleteStatementContext's filterAliasDeleteTable).
bool DeletesAnAlias(const ast::Statement& statement, const ast::TableRef& ref) {
  if (ref.role != ast::TableRole::DeleteTarget || ref.alias || ref.schema) return false;
  return std::any_of(statement.tables.begin(), statement.tables.end(), [&](const ast::TableRef& other) {
    return &other != &ref && other.alias && EqualsIgnoreCase(other.alias->name, ref.name.name);
  });
}

std::vector<std::string> DmlTableNames(const ast::Statement& statement) {
  std::vector<std::string> names;
  for (const auto& ref : statement.tables) {
    bool in_subquery = ref.role == ast::TableRole::From && ref.query != ast::kNoQuery;
    if (in_subquery || DeletesAnAlias(statement, ref)) continue;
    bool seen = std::any_of(names.begin(), names.end(), [&](const std::string& name) { return EqualsIgnoreCase(name, ref.name.name); });
    if (!seen) names.push_back(ref.name.name);
  }
  return names;
}

}  // namespace

// ShardingSupportedCommonChecker.checkMultipleTable: several tables are all sharding tables of
// one configured binding group, or none is a sharding table.
void CheckMultipleTableDml(const ast::Statement& statement, const rules::ShardingRule& rule) {
  if (statement.kind != StatementKind::Update && statement.kind != StatementKind::Delete) return;
  std::vector<std::string> names = DmlTableNames(statement);
  if (names.size() < 2) return;
  std::vector<const rules::ShardingTable*> sharding;
  for (const auto& name : names) {
    if (const rules::ShardingTable* table = rule.Find(name)) sharding.push_back(table);
  }
  bool all_bound = sharding.size() == names.size() && rule.AllInOneBindingGroup(sharding);
  if (!all_bound && !sharding.empty()) {
    throw Error(Message<msg::DmlMultipleTables>(arg::tables = Join(names, ", ")));
  }
}

void CheckUpdateShardingValue(const RouteInput& input, const TableScope& scope, const ShardingConditions& conditions,
                              const RouteContext& context) {
  const ast::Statement& statement = input.statement;
  if (statement.kind != StatementKind::Update) return;
  std::vector<ColumnCondition> assigned;
  for (std::size_t i = 0; i < statement.update_set.size(); ++i) {
    const ast::Assignment& assignment = statement.update_set[i];
    const rules::ShardingTable* table = scope.ResolveAssignment(i);
    std::string column = ToLower(assignment.column.name.name);
    if (!table || !table->IsShardingColumn(column)) continue;
    auto value = OperandValue(statement, assignment.value, input.params);
    if (!value) {
      throw Error(Message<msg::UpdateShardingValue>(arg::table = table->logic_table));
    }
    ColumnCondition condition;
    condition.table = table;
    condition.column = column;
    condition.values.push_back(*value);
    assigned.push_back(std::move(condition));
  }
  if (assigned.empty()) return;
  const rules::ShardingTable& table = *assigned.front().table;
  std::vector<ShardingCondition> branches = conditions.branches;
  if (branches.empty()) branches.emplace_back();
  std::vector<RouteDecision> ignored;
  TableRouter router(*input.rules.sharding, input.hints, ignored);
  std::set<std::pair<std::string, std::string>> target;
  for (auto& branch : branches) {
    for (const auto& each : assigned) {
      auto same = std::find_if(branch.columns.begin(), branch.columns.end(), [&](const ColumnCondition& c) {
        return c.table == each.table && c.column == each.column;
      });
      if (same != branch.columns.end()) {
        *same = each;
      } else {
        branch.columns.push_back(each);
      }
    }
    for (const auto& node : router.Route(table, &branch)) target.insert({node.data_source, node.table});
  }
  std::set<std::pair<std::string, std::string>> routed;
  for (const auto& unit : context.units) {
    for (const auto& mapping : unit.tables) {
      if (EqualsIgnoreCase(mapping.logic, table.logic_table)) routed.insert({unit.data_source, mapping.actual});
    }
  }
  if (target != routed) {
    throw Error(Message<msg::UpdateShardingValue>(arg::table = table.logic_table));
  }
}

void CheckLimitOnMultipleNodes(const ast::Statement& statement, const RouteContext& context) {
  bool dml = statement.kind == StatementKind::Update || statement.kind == StatementKind::Delete;
  if (dml && statement.limit && context.units.size() > 1) {
    throw Error(Message<msg::DmlLimitMultipleNodes>(arg::kind = ast::KindName(statement.kind)));
  }
}

void RunAudits(const RouteInput& input, const std::vector<const rules::ShardingTable*>& tables, bool has_conditions) {
  if (std::all_of(tables.begin(), tables.end(), [](const rules::ShardingTable* table) { return table->auditors.empty(); })) return;
  AuditInput audit;
  audit.statement_kind = ast::KindName(input.statement.kind);
  audit.has_sharding_conditions = has_conditions || !input.hints.database_values.empty() ||
                                  !input.hints.table_values.empty() || input.hints.database_value_only.has_value();
  for (const rules::ShardingTable* table : tables) audit.sharding_tables.push_back(table->logic_table);
  const auto& disabled = input.hints.disable_audit_names;
  for (const rules::ShardingTable* table : tables) {
    for (std::size_t i = 0; i < table->auditors.size(); ++i) {
      bool skip = table->allow_hint_disable_audit &&
                  std::any_of(disabled.begin(), disabled.end(),
                              [&](const std::string& name) { return EqualsIgnoreCase(name, table->auditor_names[i]); });
      if (!skip) table->auditors[i]->Check(audit);
    }
  }
}

}  // namespace sqlroute::route
