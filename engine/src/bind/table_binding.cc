#include "bind/binding_steps.h"

#include <algorithm>

#include "common/strings.h"

namespace sqlroute::bind {
namespace {

bool IsDataTable(const ast::TableRef& ref) {
  return ref.role != ast::TableRole::Ddl && ref.role != ast::TableRole::DdlReference && ref.role != ast::TableRole::Other;
}

// A multi-table DELETE's target list names tables of its FROM / USING list, whose rows it reads.
bool MultiTableDelete(const ast::Statement& statement) {
  if (statement.kind != ast::StatementKind::Delete) return false;
  return std::any_of(statement.tables.begin(), statement.tables.end(), [](const ast::TableRef& ref) {
    return ref.role == ast::TableRole::From && ref.query == ast::kNoQuery;
  });
}

// The common table expressions of a statement, in source order.
std::vector<ast::QueryId> Ctes(const ast::Statement& statement) {
  std::vector<ast::QueryId> result;
  if (!statement.has_subquery) return result;
  for (std::size_t q = 0; q < statement.queries.size(); ++q) {
    if (statement.queries[q].cte) result.push_back(static_cast<ast::QueryId>(q));
  }
  return result;
}

// The CTE an unqualified table name means, as MySQL scopes WITH: the innermost WITH around the
// reference that defines the name before it (or around it, when recursive). ShardingSphere's
// SimpleTableSegmentBinder likewise looks a name up among the CTEs before the metadata.
ast::QueryId CteNamed(const ast::Statement& statement, const std::vector<ast::QueryId>& ctes, const ast::TableRef& ref) {
  if (ref.schema || (ref.role != ast::TableRole::From && ref.role != ast::TableRole::UpdateTarget)) return ast::kNoQuery;
  ast::QueryId result = ast::kNoQuery;
  uint32_t width = UINT32_MAX, at = ref.span.begin;
  for (ast::QueryId id : ctes) {
    const ast::Query& query = statement.queries[static_cast<std::size_t>(id)];
    const ast::CteName& cte = *query.cte;
    bool in_scope = cte.scope.begin <= at && at < cte.scope.end && cte.scope.end - cte.scope.begin < width;
    bool defined = at >= cte.definition.end || (cte.recursive && at >= cte.definition.begin);
    if (in_scope && defined && EqualsIgnoreCase(query.alias->name, ref.name.name)) {
      result = id;
      width = cte.scope.end - cte.scope.begin;
    }
  }
  return result;
}

}  // namespace

bool IsInvisibleColumn(const BoundTable& table, std::string_view column) {
  if (!table.metadata) return false;
  for (const auto& each : table.metadata->columns) {
    if (EqualsIgnoreCase(each.name, column)) return !each.visible;
  }
  return false;
}

// ShardingSphere's TableSegmentBinder: each table reference, with the rule that governs it and
// the columns its metadata lists.
void BindTables(const ast::Statement& statement, const rules::CompiledRules& rules, BoundStatement& bound) {
  bound.tables.resize(statement.tables.size());
  bool multi_table_delete = MultiTableDelete(statement);
  std::vector<ast::QueryId> ctes = Ctes(statement);
  for (std::size_t i = 0; i < statement.tables.size(); ++i) {
    const ast::TableRef& ref = statement.tables[i];
    BoundTable& table = bound.tables[i];
    const std::string& name = ref.name.name;
    table.data = IsDataTable(ref) && !(multi_table_delete && ref.role == ast::TableRole::DeleteTarget);
    table.cte = ctes.empty() ? ast::kNoQuery : CteNamed(statement, ctes, ref);
    if (table.cte == ast::kNoQuery) {
      table.columns = rules.table_columns.empty() ? nullptr : rules.ColumnsOf(name);
      table.metadata = rules.table_metadata.empty() ? nullptr : rules.MetadataOf(name);
    }
    table.sharding = rules.sharding ? rules.sharding->Find(name) : nullptr;
    bool in_database = !ref.schema || EqualsIgnoreCase(ref.schema->name, rules.config.database_name);
    if (rules.encrypt && table.data && in_database) table.encrypt = rules.encrypt->Find(name);
    if (table.sharding) {
      table.governance = table.sharding->binding_group >= 0 ? Governance::BindingGroup : Governance::Sharding;
    } else if (!rules.broadcast_tables.empty() && rules.IsBroadcastTable(name)) {
      table.governance = Governance::Broadcast;
    } else if (rules.single.Governs(name)) {
      table.governance = Governance::Single;
    }
  }
}

// The data tables of each block, grouped by block in source order (a counting sort).
void BindBlocks(const ast::Statement& statement, BoundStatement& bound) {
  std::size_t blocks = statement.queries.size() + 1;
  auto block_of = [&](const ast::TableRef& ref) { return static_cast<std::size_t>(ref.query + 1); };
  std::size_t data = 0;
  for (const BoundTable& table : bound.tables) data += table.data;
  std::vector<int32_t>& next = bound.blocks;  // block starts, moved to block ends while filled, then shifted back
  next.assign(blocks + 1 + data, 0);
  for (std::size_t i = 0; i < statement.tables.size(); ++i) {
    if (bound.tables[i].data) ++next[block_of(statement.tables[i]) + 1];
  }
  next[0] = static_cast<int32_t>(blocks + 1);
  for (std::size_t b = 1; b <= blocks; ++b) next[b] += next[b - 1];
  for (std::size_t i = 0; i < statement.tables.size(); ++i) {
    if (bound.tables[i].data) next[static_cast<std::size_t>(next[block_of(statement.tables[i])]++)] = static_cast<int32_t>(i);
  }
  for (std::size_t b = blocks; b > 0; --b) next[b] = next[b - 1];
  next[0] = static_cast<int32_t>(blocks + 1);
}

}  // namespace sqlroute::bind
