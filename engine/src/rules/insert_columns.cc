#include "rules/insert_columns.h"

#include "common/strings.h"

namespace sqlroute::rules {

int FindColumn(const std::vector<std::string>& columns, const std::string& name) {
  for (std::size_t i = 0; i < columns.size(); ++i) {
    if (EqualsIgnoreCase(columns[i], name)) return static_cast<int>(i);
  }
  return -1;
}

std::vector<std::string> DefaultInsertColumns(const ast::Statement& statement, const CompiledRules& rules) {
  const ast::TableRef& ref = statement.tables[static_cast<std::size_t>(statement.insert.table)];
  const auto* visible = rules.VisibleColumnsOf(ref.name.name);
  return visible ? *visible : std::vector<std::string>{};
}

std::vector<std::string> InsertColumns(const ast::Statement& statement, const CompiledRules& rules,
                                       const ShardingTable* table) {
  std::vector<std::string> result;
  if (statement.insert.set_form) {
    for (const auto& each : statement.insert.set_assignments) result.push_back(each.column.name.name);
    return result;
  }
  if (!statement.insert.columns.empty()) {
    for (const auto& each : statement.insert.columns) result.push_back(each.name);
    return result;
  }
  result = DefaultInsertColumns(statement, rules);
  if (result.empty()) return result;
  std::size_t row_width = statement.insert.rows.empty() ? result.size() : statement.insert.rows.front().values.size();
  if (table && table->key_generate && row_width + 1 == result.size()) {
    int key = FindColumn(result, table->key_generate->column);
    if (key >= 0) result.erase(result.begin() + key);
  }
  return result;
}

}  // namespace sqlroute::rules
