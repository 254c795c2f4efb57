#include "route/insert_router.h"

#include <algorithm>

#include "common/strings.h"
#include "route/scatter_reasons.h"
#include "route/sharding_checks.h"
#include "route/subquery_conditions.h"
#include "route/table_router.h"
#include "rules/insert_columns.h"
#include "sqlroute/error_text.h"

namespace sqlroute::route {
namespace {

// ShardingSphere's "common expression" value: an Integer when its text is one, else its text.
Value ExpressionValue(const ast::Statement& statement, ast::ExprId id) {
  std::string text(statement.text(statement.expr(id).span));
  bool digits = !text.empty() && std::all_of(text.begin() + (text[0] == '-' ? 1 : 0), text.end(), ::isdigit);
  if (digits && text.size() < 11) {
    Value value = Value::Integer(text);
    if (value.kind() == Value::Kind::Int) return value;
  }
  return Value::String(text);
}

// The value rows; an INSERT ... SET has one, kept in `set_row`.
std::vector<const std::vector<ast::ExprId>*> ValueRows(const ast::Statement& statement, std::vector<ast::ExprId>& set_row) {
  std::vector<const std::vector<ast::ExprId>*> result;
  if (statement.insert.set_form) {
    for (const auto& each : statement.insert.set_assignments) set_row.push_back(each.value);
    result.push_back(&set_row);
    return result;
  }
  result.reserve(statement.insert.rows.size());
  for (const auto& row : statement.insert.rows) result.push_back(&row.values);
  return result;
}

std::string ConditionText(const ShardingCondition& condition) {
  std::vector<std::string> parts;
  for (const auto& each : condition.columns) parts.push_back(each.column + " " + each.text);
  return Join(parts, " AND ");
}

// ShardingInsertSupportedChecker: a key generator needs its column written (or no column list
// at all), and every table of the statement is the insert table or all are of one configured
// binding group.
void CheckInsertSelect(const RouteInput& input, const rules::ShardingTable& target) {
  const ast::Statement& statement = input.statement;
  if (target.key_generate && !statement.insert.columns.empty()) {
    const auto& written = statement.insert.columns;
    bool listed = std::any_of(written.begin(), written.end(), [&](const ast::Identifier& column) {
      return EqualsIgnoreCase(column.name, target.key_generate->column);
    });
    if (!listed) throw Error(Message<msg::InsertSelectKeyGenerator>());
  }
  for (const auto& ref : statement.tables) {
    if (EqualsIgnoreCase(ref.name.name, target.logic_table)) continue;
    const rules::ShardingTable* table = input.rules.sharding->Find(ref.name.name);
    bool bound = table && target.binding_group >= 0 && table->binding_group == target.binding_group;
    if (!bound) throw Error(Message<msg::InsertSelectTablesDiffer>());
  }
}

bool HasNestedQuery(const ast::Statement& statement, ast::QueryId select) {
  for (const auto& query : statement.queries) {
    for (ast::QueryId at = query.parent; at != ast::kNoQuery; at = statement.queries[static_cast<std::size_t>(at)].parent) {
      if (at == select) return true;
    }
  }
  return false;
}

// The SELECT's conditions route the insert table, its binding partners following
// (ShardingStandardRouteEngine); then ShardingInsertRouteContextChecker's rules.
RouteContext RouteInsertSelect(const RouteInput& input, const rules::ShardingTable& target,
                               const std::vector<const rules::ShardingTable*>& tables) {
  const ast::Statement& statement = input.statement;
  CheckInsertSelect(input, target);
  ast::QueryId select = statement.insert.select;
  const ast::Query& query = statement.queries[static_cast<std::size_t>(select)];
  TableScope scope(statement, input.bound);
  ShardingConditions conditions = ExtractConditions(statement, BlockPredicates(query), scope, input.params);
  bool nested = HasNestedQuery(statement, select);
  if (nested) AddSubqueryConditions(input, select, conditions);
  RouteContext context;
  TableRouter router(*input.rules.sharding, input.hints, context.decisions);
  std::vector<const rules::ShardingTable*> others;
  for (const rules::ShardingTable* table : tables) {
    if (table != &target) others.push_back(table);
  }
  bool each_on_one_node = true;
  auto add = [&](const std::vector<rules::DataNode>& nodes) {
    each_on_one_node = each_on_one_node && nodes.size() == 1;
    for (const auto& node : nodes) {
      RouteUnit unit{node.data_source, node.data_source, {{target.logic_table, node.table}}};
      for (const rules::ShardingTable* other : others) {
        unit.tables.push_back({other->logic_table,
                               input.rules.sharding->BindingActualTable(target, *other, node.data_source, node.table)});
      }
      context.AddUnit(std::move(unit));
    }
  };
  if (conditions.branches.empty()) {
    std::vector<rules::DataNode> nodes = router.Route(target, nullptr);
    for (const auto& node : nodes) add({node});  // no condition: the data nodes are not checked
  }
  for (const auto& branch : conditions.branches) {
    if (!branch.always_false) add(router.Route(target, &branch));
  }
  context.type = others.empty() ? RouteType::Standard : RouteType::Binding;
  bool single = context.units.size() == 1;
  if (nested && !conditions.branches.empty() && !single &&
      !(conditions.branches.size() == 1 && SubqueriesHaveConditions(input, select))) {
    throw Error(Message<msg::ShardingOperationUnsupported>(arg::operation = "INSERT ... SELECT ...",
                                                           arg::table = target.logic_table));
  }
  if (!single && !each_on_one_node) {
    std::vector<std::string> texts;
    for (const auto& branch : conditions.branches) texts.push_back(ConditionText(branch));
    throw Error(Message<msg::InsertMultipleNodes>(arg::conditions = Join(texts, " OR "), arg::table = target.logic_table));
  }
  if (context.units.size() > 1 && !conditions.full_route_reason.empty()) {
    context.warnings.push_back("full route: " + conditions.full_route_reason);
  }
  RunAudits(input, tables, !conditions.branches.empty());
  if (context.units.size() > 1) AddShardingScatterReasons(input, {&target}, conditions, context);
  return context;
}

}  // namespace

RouteContext RouteInsert(const RouteInput& input, const std::vector<const rules::ShardingTable*>& tables) {
  const ast::Statement& statement = input.statement;
  const rules::ShardingTable* target = input.bound.table(statement.insert.table).sharding;  // as the binder found it
  if (!target) {
    throw Error(Message<msg::InsertSelectTablesDiffer>());
  }
  if (statement.insert.select != ast::kNoQuery) return RouteInsertSelect(input, *target, tables);

  // The statement's own column list is read in place; other lists are made by InsertColumns.
  bool listed = !statement.insert.set_form && !statement.insert.columns.empty();
  std::vector<std::string> columns;
  if (!listed) columns = rules::InsertColumns(statement, input.rules, target);
  auto column_index = [&](const std::string& name) {
    if (!listed) return rules::FindColumn(columns, name);
    const auto& written = statement.insert.columns;
    for (std::size_t i = 0; i < written.size(); ++i) {
      if (EqualsIgnoreCase(written[i].name, name)) return static_cast<int>(i);
    }
    return -1;
  };
  std::vector<ast::ExprId> set_row;
  std::vector<const std::vector<ast::ExprId>*> rows = ValueRows(statement, set_row);
  RouteContext context;
  int key_index = -1;
  if (target->key_generate) {
    key_index = column_index(target->key_generate->column);
    bool unknown_columns = !listed && columns.empty();
    if (key_index < 0 && !unknown_columns) {
      context.generated_key_column = target->key_generate->column;
      for (std::size_t i = 0; i < rows.size(); ++i) context.generated_keys.push_back(target->key_generate->generator->Generate());
    }
  }
  // A decision per row, written over those of an earlier plan: route/sharding/insert_100_rows/cached,
  // 516 k -> 449 k instructions a statement (callgrind).
  TableRouter router(*input.rules.sharding, input.hints, context.decisions, nullptr, input.spare);
  context.decisions.reserve(rows.size());  // a decision per row, mostly: 100 rows grow it 5 times otherwise
  std::vector<const std::string*> sharding_columns;
  for (const auto* strategy : {&target->database_strategy, &target->table_strategy}) {
    for (const auto& column : strategy->columns) sharding_columns.push_back(&column);
  }
  bool has_conditions = false;
  ShardingCondition condition;  // every row's, over the same storage
  for (std::size_t r = 0; r < rows.size(); ++r) {
    const std::vector<ast::ExprId>& row = *rows[r];
    std::size_t used = 0;
    for (const std::string* name : sharding_columns) {
      const std::string& column = *name;
      if (std::any_of(condition.columns.begin(), condition.columns.begin() + static_cast<std::ptrdiff_t>(used),
                      [&](const ColumnCondition& c) { return c.column == column; })) {
        continue;
      }
      if (used == condition.columns.size()) condition.columns.emplace_back();
      ColumnCondition& each = condition.columns[used++];
      each.table = target;
      each.column = column;
      each.values.clear();
      int index = column_index(column);
      if (index >= 0 && static_cast<std::size_t>(index) < row.size()) {
        auto value = OperandValue(statement, row[static_cast<std::size_t>(index)], input.params);
        each.values.push_back(value ? *value : ExpressionValue(statement, row[static_cast<std::size_t>(index)]));
      } else if (!context.generated_keys.empty() && EqualsIgnoreCase(column, context.generated_key_column)) {
        each.values.push_back(context.generated_keys[r]);
      } else {
        each.values.push_back(Value::Null());
      }
      each.text = "= " + each.values.front().ToDisplay();
    }
    condition.columns.resize(used);
    has_conditions = has_conditions || !condition.columns.empty();
    std::vector<rules::DataNode> nodes = router.Route(*target, condition.columns.empty() ? nullptr : &condition);
    if (nodes.size() != 1) {
      throw Error(Message<msg::InsertMultipleNodes>(arg::conditions = ConditionText(condition),
                                                    arg::table = target->logic_table));
    }
    std::size_t unit = context.AddUnit(nodes.front().data_source, target->logic_table, nodes.front().table);
    if (context.insert_rows.size() <= unit) context.insert_rows.resize(unit + 1);
    context.insert_rows[unit].push_back(static_cast<int>(r));
  }
  router.DropSpare();
  context.type = RouteType::Standard;
  if (context.units.size() > 1) AddInsertRowsReason(input, *target, rows.size(), context);
  RunAudits(input, tables, has_conditions);
  return context;
}

}  // namespace sqlroute::route
